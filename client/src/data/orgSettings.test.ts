import { describe, expect, it } from 'vitest';
import { caseSettingsFromValues, DEFAULT_ORG_CASE_SETTINGS, featureValues, type OrgFeature } from './orgSettings.js';

const feature = (name: string, type: string, value: boolean, stringValue: string | null = null): OrgFeature => ({
  name,
  label: name,
  subLabel: null,
  checkboxLabel: null,
  value,
  owner: 'org',
  public: true,
  productFeature: false,
  planIncluded: false,
  type,
  stringValue,
  stringValues: null,
});

describe('organisation case settings (spec 000 §3)', () => {
  it("defaults to sedationLevelLimit 'ga', temperatures in F and a final signer who may differ", () => {
    expect(DEFAULT_ORG_CASE_SETTINGS).toEqual({
      sedationLevelLimit: 'ga',
      tempsInCelsius: false,
      primaryProviderMustBeFinalSigner: false,
      policies: false,
      drugInventory: false,
      copyCaseData: false,
    });
  });

  it("reads a string flag's stringValue and a boolean flag's value", () => {
    const values = featureValues([
      feature('sedationLevelLimit', 'string', true, 'moderate'),
      feature('tempsInCelsius', 'boolean', true),
      feature('primaryProviderMustBeFinalSignerName', 'boolean', true),
      feature('policies', 'boolean', true),
      feature('drugInventory', 'boolean', true),
      feature('copyCaseData', 'boolean', true),
    ]);
    expect(caseSettingsFromValues(values)).toEqual({
      sedationLevelLimit: 'moderate',
      tempsInCelsius: true,
      primaryProviderMustBeFinalSigner: true,
      policies: true,
      drugInventory: true,
      copyCaseData: true,
    });
  });
});
