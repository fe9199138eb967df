import { measurementOf, observationSchema, withDerivedBmi } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  latestPhysicalAttributes,
  measurementHint,
  measurementTexts,
  measurementUnits,
  physicalAttributesObservation,
} from './measurements.js';

const us = measurementUnits(null);
const metric = measurementUnits([
  { name: 'defaultWeightUnit', stringValue: 'kg' },
  { name: 'defaultHeightUnit', stringValue: 'cm' },
]);

describe('weight and height widgets (spec 002 §5)', () => {
  it('reads units from the org settings, lb and inches without one', () => {
    expect(us).toEqual({ weight: 'lb', height: 'in' });
    expect(metric).toEqual({ weight: 'kg', height: 'cm' });
  });

  it.each([
    ['weight', '70', us, '31.8 kg'], // 70 lb × 0.45359237 = 31.75 kg
    ['weight', '70', metric, '70 kg'],
    ['weight', '154 lb', metric, '69.9 kg'], // a typed unit wins: 154 × 0.45359237 = 69.85
    ['height', '56', us, '142.2 cm'], // 56 in × 2.54 = 142.24 cm
    ['height', '4\' 8"', metric, '142.2 cm'], // feet and inches: 56 in
    ['height', '142', metric, '142 cm'],
    ['weight', '650 kg', us, '650 kg'], // at the 650 kg maximum (spec 002 §9)
    ['height', '120 in', metric, '304.8 cm'], // at the 120 in maximum (spec 002 §9)
  ] as const)('[HW1/HW2] %s "%s" is stored as %s', (kind, raw, units, text) => {
    expect(measurementHint(kind, raw, units)).toMatchObject({ kind: 'parsed', text });
  });

  it.each([
    ['weight', 'seventy'],
    ['weight', '651 kg'], // above 650 kg
    ['weight', '1434 lb'], // 1434 × 0.45359237 = 650.45 kg, above 650 kg
    ['height', '121 in'], // above 120 in
    ['height', '10\' 1"'], // 121 in
    ['height', 'tall'],
  ] as const)('[HW1/HW2] %s "%s" shows \'Failed to parse\' (spec 002 §5, §9)', (kind, raw) => {
    expect(measurementHint(kind, raw, us)).toEqual({ kind: 'failed', text: 'Failed to parse' });
  });

  it('shows nothing while empty', () => {
    expect(measurementHint('weight', '  ', us)).toEqual({ kind: 'empty' });
  });

  it('stores the raw text and kg / cm in a physical-attributes Observation the validator accepts', () => {
    const o = physicalAttributesObservation(
      'pat-1',
      { weight: '70 lb', height: '56' },
      us,
      new Date('2026-11-22T10:00:00Z'),
    )!;
    expect(observationSchema.safeParse(o).error).toBeUndefined();
    expect(o.subject).toEqual({ reference: 'Patient/pat-1' });
    expect(o.status).toBe('final');
    expect(measurementOf(o, 'weight')).toEqual({ value: 70 * 0.45359237, raw: '70 lb' });
    expect(measurementOf(o, 'height')).toEqual({ value: 56 * 2.54, raw: '56' });
    expect(measurementTexts(withDerivedBmi(o))).toEqual({ weight: '70 lb', height: '56' });
  });

  it('makes no Observation when both are empty or one fails to parse', () => {
    expect(physicalAttributesObservation('pat-1', { weight: '', height: '' }, us, new Date())).toBeNull();
    expect(physicalAttributesObservation('pat-1', { weight: '70', height: 'tall' }, us, new Date())).toBeNull();
    const weightOnly = physicalAttributesObservation('pat-1', { weight: '70', height: '' }, us, new Date())!;
    expect(measurementOf(weightOnly, 'height')).toBeNull();
  });

  it("finds the patient's newest measurements", () => {
    const older = physicalAttributesObservation('pat-1', { weight: '60', height: '' }, us, new Date('2026-01-01'))!;
    const newer = physicalAttributesObservation('pat-1', { weight: '65', height: '' }, us, new Date('2026-06-01'))!;
    const other = physicalAttributesObservation('pat-2', { weight: '99', height: '' }, us, new Date('2026-09-01'))!;
    expect(latestPhysicalAttributes([older, other, newer], 'pat-1')).toBe(newer);
    expect(latestPhysicalAttributes([other], 'pat-1')).toBeNull();
    expect(measurementTexts(null)).toEqual({ weight: '', height: '' });
  });
});
