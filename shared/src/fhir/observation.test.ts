import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
import { measurementComponent, measurementOf, PHYSICAL_ATTRIBUTE_CODES, type Observation } from './observation.js';

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
