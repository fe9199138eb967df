import { SEDATION_LEVELS } from '../enums.js';
import type { FeatureOwner } from './permissions.js';

/**
 * Organisation feature flags (spec 000 §3 "Org feature flags", §6 "Feature flags gate"). The
 * spec names the flags and three defaults; labels, owners and the remaining defaults
 * (false / unset) are decisions recorded in docs/decisions.md.
 */

export type FeatureValue = boolean | string;

/** A feature's definition; `orgFeaturesConfig` answers one entry per definition (spec 000 §3). */
export interface OrgFeatureDefinition {
  name: string;
  label: string;
  subLabel: string | null;
  checkboxLabel: string | null;
  /** boolean: on or off; string: one of `stringValues`. */
  type: 'boolean' | 'string';
  /** The value when the organisation has not set it; null means unset (a locale guess for units). */
  defaultValue: FeatureValue | null;
  /** Who may change it: the organisation's admins, or only the internal team (under sudo). */
  owner: FeatureOwner;
  /** Shown to the organisation's admins on the settings page. */
  public: boolean;
  /** A product (plan) feature rather than an office preference. */
  productFeature: boolean;
  stringValues: readonly string[] | null;
}

function flag(
  name: string,
  label: string,
  owner: FeatureOwner,
  extra: Partial<Omit<OrgFeatureDefinition, 'name' | 'label' | 'owner'>> = {},
): OrgFeatureDefinition {
  return {
    name,
    label,
    subLabel: null,
    checkboxLabel: null,
    type: 'boolean',
    defaultValue: false,
    owner,
    public: owner === 'org',
    productFeature: owner === 'vigil',
    stringValues: null,
    ...extra,
  };
}

/** Every feature flag of spec 000 §3, in the spec's order. */
export const ORG_FEATURES: readonly OrgFeatureDefinition[] = [
  flag('adminUnfinalize', 'Admin unfinalize', 'org', { subLabel: 'Admins can unfinalize a finalized case.' }),
  flag('copyCaseData', 'Copy case data', 'org', { subLabel: 'Copy data from an earlier case into a new one.' }),
  flag('privateAppCreation', 'Private app creation', 'vigil'),
  flag('sedationLevelLimit', 'Sedation level limit', 'org', {
    type: 'string',
    defaultValue: 'ga',
    stringValues: SEDATION_LEVELS,
  }),
  flag('tempsInCelsius', 'Temperatures in Celsius', 'org', { checkboxLabel: 'Show temperatures in °C' }),
  flag('formBuilder', 'Form builder', 'vigil'),
  flag('defaultWeightUnit', 'Default weight unit', 'org', {
    type: 'string',
    defaultValue: null,
    stringValues: ['kg', 'lb'],
  }),
  flag('defaultHeightUnit', 'Default height unit', 'org', {
    type: 'string',
    defaultValue: null,
    stringValues: ['cm', 'in'],
  }),
  flag('emrLockdownMode', 'EMR lockdown mode', 'vigil'),
  flag('policies', 'Policies', 'vigil'),
  flag('drugInventory', 'Drug inventory', 'vigil'),
  flag('addendums', 'Addendums', 'org', { subLabel: 'Allow addendums to finalized reports.' }),
  flag('legacyIntegrations', 'Legacy integrations', 'vigil'),
  flag('store', 'Store', 'vigil'),
  flag('primaryProviderMustBeFinalSignerName', 'Primary provider must be the final signer', 'org'),
];

export function featureDefinition(name: string): OrgFeatureDefinition | null {
  return ORG_FEATURES.find((f) => f.name === name) ?? null;
}

/**
 * The value a feature may be stored with, or null when it is not acceptable: a boolean feature
 * is set on by an add without a string; a string feature needs one of its values.
 */
export function acceptedFeatureValue(
  definition: OrgFeatureDefinition,
  stringValue: string | null | undefined,
): FeatureValue | null {
  if (definition.type === 'boolean') return stringValue == null ? true : null;
  if (stringValue == null) return null;
  return definition.stringValues?.includes(stringValue) ? stringValue : null;
}

/** Every feature's effective value: what the organisation stored, else the default. */
export function resolveFeatures(stored: Readonly<Record<string, FeatureValue>>): Record<string, FeatureValue | null> {
  const out: Record<string, FeatureValue | null> = {};
  for (const f of ORG_FEATURES) out[f.name] = f.name in stored ? stored[f.name]! : f.defaultValue;
  return out;
}

/**
 * Client-side overrides per organisation (spec 000 §3): a set override wins; `undefined`
 * clears it (the organisation's value applies).
 */
export function applyFeatureOverrides(
  values: Readonly<Record<string, FeatureValue | null>>,
  overrides: Readonly<Record<string, FeatureValue | null | undefined>>,
): Record<string, FeatureValue | null> {
  const out = { ...values };
  for (const [name, value] of Object.entries(overrides)) if (value !== undefined) out[name] = value;
  return out;
}

/**
 * The call a settings change makes (spec 000 §5): remove when the value is falsy, add with a
 * stringValue when it is a string, else a plain add.
 */
export function featureChangeCall(
  value: FeatureValue | null | undefined,
): { call: 'removeOrgFeature' } | { call: 'addOrgFeature'; stringValue?: string } {
  if (!value) return { call: 'removeOrgFeature' };
  if (typeof value === 'string') return { call: 'addOrgFeature', stringValue: value };
  return { call: 'addOrgFeature' };
}

/** Spec 000 §5 suggested-value defaults: the sedation level limit, 'ga' unless set. */
export function sedationLevelLimit(values: Readonly<Record<string, FeatureValue | null>>): string {
  const value = values.sedationLevelLimit;
  return typeof value === 'string' && value !== '' ? value : 'ga';
}

/** Spec 000 §5: temperatures in F unless the Celsius flag is on. */
export function temperatureUnit(values: Readonly<Record<string, FeatureValue | null>>): 'C' | 'F' {
  return values.tempsInCelsius === true ? 'C' : 'F';
}
