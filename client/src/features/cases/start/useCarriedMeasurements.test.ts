import { describe, expect, it } from 'vitest';
import { carryMeasurementsInto, type Carried } from './useCarriedMeasurements.js';
import { changeCase, readCase } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';

const CARRIED: Carried = {
  weight: { value: 15, raw: '33 lb', observationId: 'obs-1', time: '2026-11-20T10:00:00Z' },
  height: { value: 100, observationId: 'obs-2', time: '2026-11-21T10:00:00Z' },
};

describe('carrying the patient record into a case (issue 25)', () => {
  it('writes the latest weight and height with where they came from into a case without them', () => {
    const doc = newCaseDoc({ structure: false });
    carryMeasurementsInto(doc, CARRIED);
    const root = readCase(doc);
    expect(root.weight).toEqual({ value: 15, raw: '33 lb' });
    expect(root.weightSource).toEqual({ observationId: 'obs-1', time: '2026-11-20T10:00:00Z' });
    expect(root.height).toEqual({ value: 100 });
    expect(root.heightSource).toEqual({ observationId: 'obs-2', time: '2026-11-21T10:00:00Z' });
  });

  it('keeps a weight typed on the case, and does not carry one in again once cleared by hand', () => {
    const doc = newCaseDoc({ structure: false });
    changeCase(doc, (root) => {
      root.set('weight', { value: 16, raw: '16 kg' });
      root.set('heightSource', null); // cleared by hand
    });
    carryMeasurementsInto(doc, CARRIED);
    const root = readCase(doc);
    expect(root.weight).toEqual({ value: 16, raw: '16 kg' });
    expect('weightSource' in root).toBe(false);
    expect(root.height).toBeUndefined();
  });

  it('carries nothing the patient record does not have', () => {
    const doc = newCaseDoc({ structure: false });
    carryMeasurementsInto(doc, { weight: null, height: null });
    expect(readCase(doc)).toEqual({});
  });
});
