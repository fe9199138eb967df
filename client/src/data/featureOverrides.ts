import { featureDefinition, type FeatureValue } from '@vigil/shared';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Client-side feature overrides (spec 000 §3 "Overrides per organisation can be set or cleared on
 * the client"): kept in this device's localStorage per organisation, never sent to the server.
 * Startup with '?clear' clears them with the rest of local storage (spec 000 §2).
 */

/** localStorage key: `{ [orgId]: { [featureName]: value } }`. */
export const FEATURE_OVERRIDES_KEY = 'vigil.featureOverrides';

export type FeatureOverrides = Readonly<Record<string, FeatureValue>>;

/** The part of Storage the overrides use (a Map stands in for it in tests). */
export interface OverrideStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An override value that fits the feature: a boolean for a boolean flag, one of its values for a string flag. */
function fits(name: string, value: unknown): value is FeatureValue {
  const definition = featureDefinition(name);
  if (!definition) return false;
  if (definition.type === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string' && (definition.stringValues ?? []).includes(value);
}

function readAll(storage: OverrideStorage): Record<string, Record<string, FeatureValue>> {
  try {
    const parsed = JSON.parse(storage.getItem(FEATURE_OVERRIDES_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, Record<string, FeatureValue>>)
      : {};
  } catch {
    return {};
  }
}

/** This device's overrides for one organisation; anything stored that does not fit a feature is ignored. */
export function readOverrides(storage: OverrideStorage, orgId: string): FeatureOverrides {
  const stored = readAll(storage)[orgId];
  const out: Record<string, FeatureValue> = {};
  if (stored && typeof stored === 'object') {
    for (const [name, value] of Object.entries(stored)) if (fits(name, value)) out[name] = value;
  }
  return out;
}

/** Sets (a value) or clears (undefined) one override for one organisation on this device. */
export function writeOverride(
  storage: OverrideStorage,
  orgId: string,
  name: string,
  value: FeatureValue | undefined,
): void {
  if (value !== undefined && !fits(name, value)) throw new Error(`Invalid override for ${name}`);
  const all = readAll(storage);
  const forOrg = { ...readOverrides(storage, orgId) };
  if (value === undefined) delete forOrg[name];
  else forOrg[name] = value;
  if (Object.keys(forOrg).length === 0) delete all[orgId];
  else all[orgId] = forOrg;
  if (Object.keys(all).length === 0) storage.removeItem(FEATURE_OVERRIDES_KEY);
  else storage.setItem(FEATURE_OVERRIDES_KEY, JSON.stringify(all));
}

/** Clears every override of one organisation on this device. */
export function clearOverrides(storage: OverrideStorage, orgId: string): void {
  for (const name of Object.keys(readOverrides(storage, orgId))) writeOverride(storage, orgId, name, undefined);
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent): void => {
    if (e.key === null || e.key === FEATURE_OVERRIDES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * This device's overrides for an organisation, kept current across tabs, with a setter
 * (undefined clears one) and a way to clear them all.
 */
export function useFeatureOverrides(orgId: string): {
  overrides: FeatureOverrides;
  set: (name: string, value: FeatureValue | undefined) => void;
  clear: () => void;
} {
  const snapshot = useSyncExternalStore(subscribe, () => window.localStorage.getItem(FEATURE_OVERRIDES_KEY) ?? '');
  const overrides = readOverridesFromSnapshot(snapshot, orgId);
  const set = useCallback(
    (name: string, value: FeatureValue | undefined) => {
      writeOverride(window.localStorage, orgId, name, value);
      for (const l of listeners) l();
    },
    [orgId],
  );
  const clear = useCallback(() => {
    clearOverrides(window.localStorage, orgId);
    for (const l of listeners) l();
  }, [orgId]);
  return { overrides, set, clear };
}

const snapshotCache = new Map<string, FeatureOverrides>();
/** The same object for the same stored text, so React sees no change when nothing changed. */
function readOverridesFromSnapshot(snapshot: string, orgId: string): FeatureOverrides {
  const key = `${orgId}\u0000${snapshot}`;
  let cached = snapshotCache.get(key);
  if (!cached) {
    cached = readOverrides({ getItem: () => snapshot || null, setItem: () => {}, removeItem: () => {} }, orgId);
    if (snapshotCache.size > 50) snapshotCache.clear();
    snapshotCache.set(key, cached);
  }
  return cached;
}
