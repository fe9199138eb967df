import { applyFeatureOverrides, resolveFeatures, sedationLevelLimit, temperatureUnit } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  clearOverrides,
  FEATURE_OVERRIDES_KEY,
  readOverrides,
  writeOverride,
  type OverrideStorage,
} from './featureOverrides.js';

function memoryStorage(): OverrideStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('client-side feature overrides per organisation (spec 000 §3)', () => {
  it('sets an override for one organisation only, and the effective values follow it', () => {
    const storage = memoryStorage();
    writeOverride(storage, 'office', 'tempsInCelsius', true);
    writeOverride(storage, 'office', 'sedationLevelLimit', 'moderate');
    expect(readOverrides(storage, 'office')).toEqual({ tempsInCelsius: true, sedationLevelLimit: 'moderate' });
    expect(readOverrides(storage, 'other')).toEqual({});
    // Defaults of spec 000 §3/§5: 'ga' and F, until overridden.
    const defaults = resolveFeatures({});
    expect(sedationLevelLimit(defaults)).toBe('ga');
    expect(temperatureUnit(defaults)).toBe('F');
    const effective = applyFeatureOverrides(defaults, readOverrides(storage, 'office'));
    expect(sedationLevelLimit(effective)).toBe('moderate');
    expect(temperatureUnit(effective)).toBe('C');
  });

  it('clears one override, then all of them, leaving nothing stored', () => {
    const storage = memoryStorage();
    writeOverride(storage, 'office', 'tempsInCelsius', true);
    writeOverride(storage, 'office', 'addendums', false);
    writeOverride(storage, 'office', 'tempsInCelsius', undefined);
    expect(readOverrides(storage, 'office')).toEqual({ addendums: false });
    clearOverrides(storage, 'office');
    expect(readOverrides(storage, 'office')).toEqual({});
    expect(storage.data.has(FEATURE_OVERRIDES_KEY)).toBe(false);
  });

  it('refuses a value that does not fit the flag, and ignores stored junk', () => {
    const storage = memoryStorage();
    expect(() => writeOverride(storage, 'office', 'sedationLevelLimit', 'heavy')).toThrow();
    expect(() => writeOverride(storage, 'office', 'tempsInCelsius', 'yes')).toThrow();
    expect(() => writeOverride(storage, 'office', 'noSuchFlag', true)).toThrow();
    storage.setItem(FEATURE_OVERRIDES_KEY, JSON.stringify({ office: { tempsInCelsius: 'yes', store: true, x: 1 } }));
    expect(readOverrides(storage, 'office')).toEqual({ store: true });
    storage.setItem(FEATURE_OVERRIDES_KEY, 'not json');
    expect(readOverrides(storage, 'office')).toEqual({});
  });
});
