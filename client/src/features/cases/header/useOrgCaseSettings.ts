import {
  applyFeatureOverrides,
  resolveFeatures,
  sedationLevelLimit,
  temperatureUnit,
  type FeatureValue,
} from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';
import { fetchFeatures, type OrgFeature } from '../../orgs/index.js';
import { useFeatureOverrides } from '../../orgs/index.js';

/** The organisation settings the case screen follows (spec 000 §3 org feature flags). */
export interface OrgCaseSettings {
  /** The highest sedation level the organisation may chart ('ga' unless set). */
  sedationLevelLimit: string;
  tempsInCelsius: boolean;
  /** primaryProviderMustBeFinalSignerName: no different final signer (spec 001 §6). */
  primaryProviderMustBeFinalSigner: boolean;
  /** policies: the organisation's sign-off policies decide which flags block (issue 29). */
  policies: boolean;
  /** drugInventory: the case screen shows the controlled-drug reconciliation (issue 29). */
  drugInventory: boolean;
}

export const DEFAULT_ORG_CASE_SETTINGS: OrgCaseSettings = caseSettingsFromValues(resolveFeatures({}));

type FeatureValues = Record<string, FeatureValue | null>;

const storageKey = (orgId: string): string => `vigil.caseFeatures.${orgId}`;

/** The values of `orgFeaturesConfig`: a boolean flag's value, a string flag's stringValue. */
export function featureValues(features: readonly OrgFeature[]): FeatureValues {
  return Object.fromEntries(features.map((f) => [f.name, f.type === 'string' ? f.stringValue : f.value] as const));
}

/** The case settings from feature values (defaults of spec 000 §3 for unset flags). */
export function caseSettingsFromValues(values: Readonly<FeatureValues>): OrgCaseSettings {
  return {
    sedationLevelLimit: sedationLevelLimit(values),
    tempsInCelsius: temperatureUnit(values) === 'C',
    primaryProviderMustBeFinalSigner: values.primaryProviderMustBeFinalSignerName === true,
    policies: values.policies === true,
    drugInventory: values.drugInventory === true,
  };
}

function readStored(orgId: string): FeatureValues | null {
  try {
    const raw = window.localStorage.getItem(storageKey(orgId));
    return raw ? (JSON.parse(raw) as FeatureValues) : null;
  } catch {
    return null;
  }
}

/**
 * The organisation's case settings: the values this device last read (so a tablet with no
 * network charts under the same limits), refreshed from the server, the spec's defaults before
 * either, and this device's overrides on top (spec 000 §3).
 */
export function useOrgCaseSettings(orgId: string): OrgCaseSettings {
  const [values, setValues] = useState<FeatureValues>(() => readStored(orgId) ?? resolveFeatures({}));
  const { overrides } = useFeatureOverrides(orgId);
  useEffect(() => {
    let live = true;
    fetchFeatures(orgId).then(
      (features) => {
        const next = featureValues(features);
        try {
          window.localStorage.setItem(storageKey(orgId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the values still apply for this visit.
        }
        if (live) setValues(next);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId]);
  // The overrides are read afresh on each render; their content decides.
  const overridesKey = JSON.stringify(overrides);
  return useMemo(
    () => caseSettingsFromValues(applyFeatureOverrides(values, JSON.parse(overridesKey) as typeof overrides)),
    [values, overridesKey],
  );
}
