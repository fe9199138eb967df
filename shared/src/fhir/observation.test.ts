import { describe, expect, it } from 'vitest';
import { normalizeResource, validateResource } from './resources.js';
import {
  measurementComponent,
  measurementOf,
  observationBmi,
  PHYSICAL_ATTRIBUTE_CODES,
  type Observation,
} from './observation.js';

const observation: Observation = {
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
  subject: { reference: 'Patient/pat-1' },
  effectiveDateTime: '2026-11-21T10:00:00Z',
  component: [measurementComponent('weight', 20.4, '45 lb'), measurementComponent('height', 115)],
};

describe('Observation (physical attributes)', () => {
  it('accepts weight with its raw text and height without one, and reads them back', () => {
    expect(validateResource(observation)).toEqual([]);
    expect(measurementOf(observation, 'weight')).toEqual({ value: 20.4, raw: '45 lb' });
    expect(measurementOf(observation, 'height')).toEqual({ value: 115 });
  });

  it.each([
    ['no value', { code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.weight }] }, valueQuantity: { unit: 'kg' } }],
    ['a text value', { code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.weight }] }, valueString: '45 lb' }],
    ['a pound unit', { ...measurementComponent('weight', 45), valueQuantity: { value: 45, unit: 'lb' } }],
    ['another extension', { ...measurementComponent('height', 100), extension: [{ url: 'x', valueString: 'y' }] }],
  ])("refuses a measurement with %s: 'Value must have value and optional raw properties'", (_label, component) => {
    const issues = validateResource({ ...observation, component: [component] });
    expect(issues.map((i) => [i.code, i.message])).toEqual([
      ['INVALID_MEASUREMENT', 'Value must have value and optional raw properties'],
    ]);
  });

  it("refuses an unknown status with 'Invalid value'", () => {
    expect(validateResource({ ...observation, status: 'draft' }).map((i) => i.message)).toEqual(['Invalid value']);
  });
});

describe('[BMI1] derived BMI (spec 001 §5)', () => {
  it('adds the BMI of weight over height in metres squared, rounded to 1 decimal, replacing a sent one', () => {
    // 20.4 kg / (1.15 m)^2 = 15.425… → 15.4
    const sent = {
      ...observation,
      component: [
        ...observation.component!,
        { code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.bmi }] }, valueQuantity: { value: 99 } },
      ],
    };
    const normalized = normalizeResource(sent);
    expect(observationBmi(normalized)).toBe(15.4);
    expect(
      normalized.component?.filter((c) => c.code.coding?.[0]?.code === PHYSICAL_ATTRIBUTE_CODES.bmi.code),
    ).toHaveLength(1);
    expect(validateResource(normalized)).toEqual([]);
  });

  it('has no BMI without both measurements, or above 250', () => {
    expect(
      observationBmi(normalizeResource({ ...observation, component: [measurementComponent('weight', 20)] })),
    ).toBeNull();
    // 300 kg / (1 m)^2 = 300 > 250
    const heavy = {
      ...observation,
      component: [measurementComponent('weight', 300), measurementComponent('height', 100)],
    };
    expect(observationBmi(normalizeResource(heavy))).toBeNull();
  });

  it('leaves malformed components to validation', () => {
    const broken = {
      ...observation,
      component: [null, { code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.weight }] }, extension: 'x' }],
    };
    expect(validateResource(normalizeResource(broken as unknown as Observation)).length).toBeGreaterThan(0);
  });

  it('leaves observations without weight or height alone', () => {
    const other: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Note' },
      valueString: 'x',
    };
    expect(normalizeResource(other)).toBe(other);
  });
});
