import { describe, expect, it } from 'vitest';
import { Entitlements } from './entitlements.js';

const stored: Record<string, Record<string, boolean | string>> = {
  office: { drugInventory: true, formBuilder: false, defaultWeightUnit: 'kg' },
  bare: {},
};
const entitlements = new Entitlements({ features: (orgId) => Promise.resolve(stored[orgId] ?? {}) });

describe('Entitlements', () => {
  it('reads a flag as stored, else its default (off)', async () => {
    expect(await entitlements.has('office', 'drugInventory')).toBe(true);
    expect(await entitlements.has('office', 'formBuilder')).toBe(false);
    expect(await entitlements.has('bare', 'drugInventory')).toBe(false);
    expect((await entitlements.values('office')).defaultWeightUnit).toBe('kg');
    expect((await entitlements.values('bare')).sedationLevelLimit).toBe('ga');
  });

  it('refuses 403 FEATURE_DISABLED without the feature', async () => {
    await expect(entitlements.require('bare', 'policies')).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_DISABLED',
    });
    await expect(entitlements.require('office', 'drugInventory')).resolves.toBeUndefined();
  });
});
