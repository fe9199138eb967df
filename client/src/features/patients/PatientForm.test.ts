import { describe, expect, it } from 'vitest';
import { rememberedUnits } from './PatientForm.js';

describe("the new-patient form's units (issue 25: the organisation's setting decides the default)", () => {
  it('reads the units this device last read for the organisation', () => {
    expect(rememberedUnits('{"weight":"kg","height":"cm"}')).toEqual({ weight: 'kg', height: 'cm' });
    expect(rememberedUnits('{"weight":"lb","height":"in"}')).toEqual({ weight: 'lb', height: 'in' });
  });

  it.each([null, '', 'not json', 'null', '{"weight":"stone","height":"cm"}', '{"weight":"kg"}'])(
    'knows nothing from %j',
    (raw) => {
      expect(rememberedUnits(raw)).toBeNull();
    },
  );
});
