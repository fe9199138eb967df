import { describe, expect, it } from 'vitest';
import { beaconErrorName, beaconRoute, beaconWhere, logBeaconInputSchema } from './client-log.js';

describe('log beacons keep no free text (CL1)', () => {
  it('takes the ids out of a screen’s address', () => {
    expect(beaconRoute('/org/dental/patients/pat-9/health-histories')).toBe(
      '/org/dental/patients/:id/health-histories',
    );
    expect(beaconRoute('/org/dental/cases/3f2a-77?tab=vitals#top')).toBe('/org/dental/cases/:id');
    expect(beaconRoute('/org/Ana Lopez')).toBe('/org/:id');
    expect(beaconRoute('/')).toBe('/');
  });

  it('keeps an error’s class name and where it was thrown, never its message or stack text', () => {
    const err = new TypeError('Ana Lopez has no weight');
    expect(beaconErrorName(err)).toBe('TypeError');
    expect(beaconErrorName('Ana Lopez')).toBeNull();
    expect(beaconWhere('TypeError: Ana Lopez\n    at f (https://vigil.test/assets/index-3f2a.js?v=1:1:2345)')).toBe(
      'index-3f2a.js:1:2345',
    );
    expect(beaconWhere('no frames here')).toBeNull();
    expect(beaconWhere(undefined)).toBeNull();
  });

  it('takes levels info to fatal only, and no field with free text', () => {
    const ok = { level: 50, kind: 'error', errorName: 'TypeError', where: 'index.js:1:2', route: '/org/:id' };
    expect(logBeaconInputSchema.safeParse(ok).success).toBe(true);
    for (const level of [10, 20, 35, 70]) expect(logBeaconInputSchema.safeParse({ ...ok, level }).success).toBe(false);
    expect(logBeaconInputSchema.safeParse({ ...ok, errorName: 'Ana Lopez' }).success).toBe(false);
    expect(logBeaconInputSchema.safeParse({ ...ok, route: '/org/Ana Lopez' }).success).toBe(false);
    expect(logBeaconInputSchema.safeParse({ ...ok, where: 'at Ana (x.js:1)' }).success).toBe(false);
    expect(logBeaconInputSchema.safeParse({ ...ok, message: 'x' }).data).not.toHaveProperty('message');
  });
});
