import { sedationLevelLimit, temperatureUnit, type FeatureValue } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { fetchFeatures, type OrgFeature } from '../../orgs/api.js';

/** The organisation settings the case screen follows (spec 000 §3 org feature flags). */
export interface OrgCaseSettings {
  /** The highest sedation level the organisation may chart ('ga' unless set). */
  sedationLevelLimit: string;
  tempsInCelsius: boolean;
  /** primaryProviderMustBeFinalSignerName: no different final signer (spec 001 §6). */
  primaryProviderMustBeFinalSigner: boolean;
}

export const DEFAULT_ORG_CASE_SETTINGS: OrgCaseSettings = {
  sedationLevelLimit: 'ga',
  tempsInCelsius: false,
  primaryProviderMustBeFinalSigner: false,
};

const storageKey = (orgId: string): string => `vigil.caseSettings.${orgId}`;

/** The case settings from `orgFeaturesConfig`: a boolean flag's value, a string flag's stringValue. */
export function caseSettingsFromFeatures(features: readonly OrgFeature[]): OrgCaseSettings {
  const values: Record<string, FeatureValue | null> = {};
  for (const f of features) values[f.name] = f.type === 'string' ? f.stringValue : f.value;
  return {
    sedationLevelLimit: sedationLevelLimit(values),
    tempsInCelsius: temperatureUnit(values) === 'C',
    primaryProviderMustBeFinalSigner: values.primaryProviderMustBeFinalSignerName === true,
  };
}

function readStored(orgId: string): OrgCaseSettings | null {
  try {
    const raw = window.localStorage.getItem(storageKey(orgId));
    return raw ? { ...DEFAULT_ORG_CASE_SETTINGS, ...(JSON.parse(raw) as Partial<OrgCaseSettings>) } : null;
  } catch {
    return null;
  }
}

/**
 * The organisation's case settings: the last ones this device read (so a tablet with no network
 * charts under the same limits), refreshed from the server; the spec's defaults before either.
 */
export function useOrgCaseSettings(orgId: string): OrgCaseSettings {
  const [settings, setSettings] = useState<OrgCaseSettings>(() => readStored(orgId) ?? DEFAULT_ORG_CASE_SETTINGS);
  useEffect(() => {
    let live = true;
    fetchFeatures(orgId).then(
      (features) => {
        const next = caseSettingsFromFeatures(features);
        try {
          window.localStorage.setItem(storageKey(orgId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the settings still apply for this visit.
        }
        if (live) setSettings(next);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId]);
  return settings;
}
