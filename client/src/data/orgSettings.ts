import {
  applyFeatureOverrides,
  resolveFeatures,
  sedationLevelLimit,
  temperatureUnit,
  type FeatureValue,
  type OrgFeatureView,
} from '@vigil/shared';
import { useMemo } from 'react';
import { useFeatureOverrides } from './featureOverrides.js';
import { graphql } from './graphql.js';
import { measurementUnits, type MeasurementUnits } from './measurements.js';
import { useCachedQuery, type SettingsStore } from './settingsCache.js';

/*
 * The organisation's feature settings (spec 000 §3) as the screens of several features read them
 * (issue 36 item 6): one GraphQL read kept on the device (settingsCache.ts, name 'features'), so a
 * tablet that starts offline after one online visit charts, weighs and reports under the
 * organisation's settings; this device's overrides (featureOverrides.ts) on top where a screen
 * follows the effective values.
 */

/** An organisation feature config entry (spec 000 §3). */
export type OrgFeature = OrgFeatureView;

/** The fields of an organisation feature config entry every query and mutation of it asks for. */
export const ORG_FEATURE_FIELDS = 'name label subLabel checkboxLabel value owner public productFeature planIncluded type stringValue stringValues';

/** The organisation's feature config (GraphQL orgFeaturesConfig). */
export async function fetchOrgFeatures(orgId: string): Promise<OrgFeature[]> {
  const data = await graphql<{ orgFeaturesConfig: OrgFeature[] }>(
    `query OrgFeaturesConfig($orgId: String) { orgFeaturesConfig(orgId: $orgId) { ${ORG_FEATURE_FIELDS} } }`,
    { orgId },
  );
  return data.orgFeaturesConfig;
}

/** The organisation's feature config with its loading state, a reload and a setter (what a change call answered). */
export interface OrgFeaturesLoad {
  data: OrgFeature[] | null;
  error: string | null;
  loading: boolean;
  /** Whether `data` is this device's copy (the server could not be reached). */
  fromCache: boolean;
  reload: () => void;
  set: (features: OrgFeature[]) => void;
}

export interface OrgFeaturesOptions {
  /** Offline, answer the config this device last read (the default); off for the settings editor. */
  offline?: boolean;
  store?: SettingsStore;
}

/** The cache's name for the organisation's feature config. */
export const FEATURES_SETTING = 'features';

/**
 * The organisation's feature config: read once per organisation, written through to the device,
 * and offline answered from the device's copy (unless `offline` is off: an editor shows the server's).
 */
export function useOrgFeatures(
  orgId: string,
  enabled = true,
  { offline = true, store }: OrgFeaturesOptions = {},
): OrgFeaturesLoad {
  const query = useCachedQuery(orgId, FEATURES_SETTING, fetchOrgFeatures, {
    enabled,
    offline,
    ...(store ? { store } : {}),
  });
  return {
    data: query.data,
    error: query.fromCache ? null : query.error,
    loading: query.loading,
    fromCache: query.fromCache,
    reload: query.reload,
    set: query.set,
  };
}

type FeatureValues = Record<string, FeatureValue | null>;

/** The values of `orgFeaturesConfig`: a boolean flag's value, a string flag's stringValue. */
export function featureValues(features: readonly OrgFeature[]): FeatureValues {
  return Object.fromEntries(features.map((f) => [f.name, f.type === 'string' ? f.stringValue : f.value] as const));
}

/**
 * An organisation's effective feature values for the screens (spec 000 §3 flags and defaults,
 * §5 suggested-value defaults): the organisation's values (this device's copy offline), the
 * spec's defaults while neither is known, and this device's overrides on top. `overridden` names
 * the overridden flags.
 */
export function useOrgFeatureValues(
  orgId: string,
  options: OrgFeaturesOptions = {},
): {
  values: FeatureValues;
  loading: boolean;
  overridden: string[];
} {
  const features = useOrgFeatures(orgId, true, options);
  const { overrides } = useFeatureOverrides(orgId);
  const base = features.data ? featureValues(features.data) : resolveFeatures({});
  return {
    values: applyFeatureOverrides(base, overrides),
    loading: features.loading,
    overridden: Object.keys(overrides),
  };
}

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
  /** copyCaseData: a new case may copy from the patient's earlier case (issue 39). */
  copyCaseData: boolean;
}

/** The case settings from feature values (defaults of spec 000 §3 for unset flags). */
export function caseSettingsFromValues(values: Readonly<FeatureValues>): OrgCaseSettings {
  return {
    sedationLevelLimit: sedationLevelLimit(values),
    tempsInCelsius: temperatureUnit(values) === 'C',
    primaryProviderMustBeFinalSigner: values.primaryProviderMustBeFinalSignerName === true,
    policies: values.policies === true,
    drugInventory: values.drugInventory === true,
    copyCaseData: values.copyCaseData === true,
  };
}

export const DEFAULT_ORG_CASE_SETTINGS: OrgCaseSettings = caseSettingsFromValues(resolveFeatures({}));

/**
 * The organisation's case settings: the server's, or offline the values this device last read
 * (so a tablet with no network charts under the same limits), the spec's defaults before either,
 * and this device's overrides on top (spec 000 §3).
 */
export function useOrgCaseSettings(orgId: string, options: OrgFeaturesOptions = {}): OrgCaseSettings {
  const { values } = useOrgFeatureValues(orgId, options);
  // The values are built afresh on each render; their content decides.
  const key = JSON.stringify(values);
  return useMemo(() => caseSettingsFromValues(JSON.parse(key) as FeatureValues), [key]);
}

/**
 * The units a weight or height typed without one is read in: the organisation's
 * defaultWeightUnit / defaultHeightUnit (spec 000 §3), the same default the report and the case
 * use (issue 25). Offline, the units this device last read, so a form opened offline still reads
 * "70" in the organisation's unit rather than in lb; null until either is known.
 */
export function useOrgUnits(orgId: string, options: OrgFeaturesOptions = {}): MeasurementUnits | null {
  const features = useOrgFeatures(orgId, true, options);
  if (features.data) return measurementUnits(features.data);
  return features.loading ? null : measurementUnits(null);
}
