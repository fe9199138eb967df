import { describe, expect, it } from 'vitest';
import { doseWeight, findVariant } from '@vigil/shared';
import {
  checkLocalDose,
  doseWeightText,
  limitedByText,
  pickWarnings,
  remainingFor,
  summarizeLocalDoses,
  variantLabel,
  type ChartedLocalDose,
} from './localAnesthetics.js';

const T0 = Date.UTC(2026, 10, 21, 9, 0);
function dose(drugVariantId: string, mg: number, minutes = 0): ChartedLocalDose {
  return {
    id: `${drugVariantId}-${minutes}`,
    drugVariantId,
    time: T0 + minutes * 60_000,
    amount: mg,
    amount_raw: String(mg),
    unit: 'mg',
    epiConcentration: 0,
    cartridges: 0,
    mg,
    epiMg: 0,
  };
}

describe('local anesthetic tracker', () => {
  it('labels variants by drug, strength and vasoconstrictor', () => {
    expect(variantLabel(findVariant('lidocaine-epi100')!)).toBe('Lidocaine 2% 1:100,000');
    expect(variantLabel(findVariant('articaine-epi200')!)).toBe('Articaine 4% 1:200,000');
    expect(variantLabel(findVariant('mepivacaine-plain')!)).toBe('Mepivacaine 3% plain');
    expect(variantLabel(findVariant('mepivacaine-levonordefrin')!)).toBe('Mepivacaine 2% levonordefrin');
    expect(variantLabel(findVariant('exparel')!)).toBe('Exparel');
  });

  it('shows a 20 kg child at the AAPD lidocaine limit after 2.4 cartridges and over it after 3', () => {
    // AAPD lidocaine: min(300 mg, 4.4 mg/kg × 20 kg = 88 mg) = 88 mg; one 1.8 mL cartridge of 2 % = 36 mg.
    const twoAndAHalf = summarizeLocalDoses(
      [dose('lidocaine-epi100', 36), dose('lidocaine-epi100', 36, 5)],
      20,
      6,
      'aapd',
    );
    // 72 / 88 = 81.818… % → shown rounded up: 81.9 %.
    expect(twoAndAHalf.rows).toEqual([{ drugId: 'lidocaine', name: 'Lidocaine', mg: 72, pctOfMax: 81.9 }]);
    expect(twoAndAHalf.issues).toEqual([]);

    const three = summarizeLocalDoses(
      [dose('lidocaine-epi100', 36), dose('lidocaine-epi100', 36, 5), dose('lidocaine-epi100', 36, 10)],
      20,
      6,
      'aapd',
    );
    // 108 / 88 = 122.727… % → 122.8 %.
    expect(three.rows[0]!.pctOfMax).toBe(122.8);
    expect(three.issues.map((i) => i.message)).toContain('Lidocaine is at 122.8% of its maximum dose');
  });

  it('adds toxicity up across agents', () => {
    // 20 kg, manufacturer: lidocaine epi min(500, 7 × 20 = 140) = 140 mg; articaine min(500, 7 × 20) = 140 mg.
    // 72/140 = 51.43 % + 72/140 = 51.43 % = 102.86 % combined → 102.9 %.
    const s = summarizeLocalDoses(
      [dose('lidocaine-epi100', 72), dose('articaine-epi100', 72, 5)],
      20,
      10,
      'manufacturer',
    );
    expect(s.combinedPct).toBe(102.9);
    expect(s.issues.map((i) => i.code)).toContain('LOCAL_COMBINED_MAX_EXCEEDED');
  });

  it('gives the age warning of articaine for a 4-year-old, in the spec’s words', () => {
    const s = summarizeLocalDoses([dose('articaine-epi100', 36)], 18, 4, 'manufacturer');
    expect(s.notes).toContain('Manufacturer recommends not using on patients 4 and under.');
  });

  it('says how much more may be given: the smaller of the drug’s and the combined remainder, rounded down', () => {
    // AAPD 20 kg lidocaine max 88 mg; 36 mg given (40.9 %): 52 mg left = 1.44 cartridges → 1.4.
    expect(remainingFor('lidocaine-epi100', [dose('lidocaine-epi100', 36)], 20, 'aapd')).toEqual({
      mg: 52,
      cartridges: 1.4,
    });
    // After 54 mg of articaine too (articaine max 140 mg manufacturer, AAPD min(500, 7×20)=140: 38.57 %),
    // combined = 40.91 + 38.57 = 79.48 %: 20.52 % of 88 mg = 18.05 mg → 18 mg, 0.5 cartridge.
    expect(
      remainingFor('lidocaine-epi100', [dose('lidocaine-epi100', 36), dose('articaine-epi100', 54, 5)], 20, 'aapd'),
    ).toEqual({ mg: 18, cartridges: 0.5 });
  });

  it("counts the cartridges left at the case's custom dilution (LA15)", () => {
    // 52 mg left of lidocaine 2 % (1.8 mL × 20 mg/mL = 36 mg a cartridge): 1.4 cartridges;
    // diluted to 1 %, a cartridge holds 18 mg: 2.8 cartridges. The mg left do not change.
    expect(remainingFor('lidocaine-epi100', [dose('lidocaine-epi100', 36)], 20, 'aapd', 1)).toEqual({
      mg: 52,
      cartridges: 2.8,
    });
    expect(remainingFor('lidocaine-epi100', [dose('lidocaine-epi100', 36)], 20, 'aapd', null)).toEqual({
      mg: 52,
      cartridges: 1.4,
    });
  });

  it('has nothing left once the maximum is passed', () => {
    expect(remainingFor('lidocaine-epi100', [dose('lidocaine-epi100', 120)], 20, 'aapd')).toEqual({
      mg: 0,
      cartridges: 0,
    });
  });
});

describe('checks before a local dose (issue 25)', () => {
  it('[LA11] the cartridge that takes a 15 kg child past the AAPD lidocaine maximum needs confirming', () => {
    // AAPD lidocaine: min(300, 4.4 × 15 = 66) = 66 mg; one cartridge 36 mg: 36 / 66 = 54.6 %, 72 / 66 = 109.1 %
    const first = checkLocalDose('lidocaine-epi100', 36, [], 15, 'aapd');
    expect(first).toMatchObject({
      drugName: 'Lidocaine',
      drugMgAfter: 36,
      maxMg: 66,
      drugPctAfter: 54.6,
      exceeds: false,
    });
    const second = checkLocalDose('lidocaine-epi100', 36, [dose('lidocaine-epi100', 36)], 15, 'aapd');
    expect(second).toMatchObject({ drugMgAfter: 72, drugPctAfter: 109.1, combinedPctAfter: 109.1, exceeds: true });
  });

  it('[LA10] counts the combined share: a dose within its own drug but past the combined maximum needs confirming', () => {
    // lidocaine 60 / 66 = 90.9 %; articaine AAPD min(500, 7 × 15 = 105) = 105 mg: 15 / 105 = 14.3 % → combined 105.2 %
    const c = checkLocalDose('articaine-epi100', 15, [dose('lidocaine-epi100', 60)], 15, 'aapd');
    expect(c).toMatchObject({ drugName: 'Articaine', drugPctAfter: 14.3, exceeds: true });
    expect(c?.combinedPctAfter).toBe(105.2);
  });

  it('[LA12] shows the age warning of a drug as soon as it is picked, with its reminder', () => {
    expect(pickWarnings('articaine-epi100', 4)).toEqual(['Manufacturer recommends not using on patients 4 and under.']);
    expect(pickWarnings('articaine-epi100', 5)).toEqual([]);
    expect(pickWarnings('exparel', 12)).toEqual([
      'FDA approved for 18+ only.',
      'never inject within 20 minutes of any other non-bupivacaine local anesthetic, nor give any other local anesthetic within 96 hours after Exparel.',
    ]);
  });
});

describe('what limits the next dose (issue 29)', () => {
  const actual = (kg: number): ReturnType<typeof doseWeight> =>
    doseWeight({ weightKg: kg, heightCm: null, sex: null, ageYears: 30 });
  const withEpi = (id: string, mg: number, epiMg: number): ChartedLocalDose => ({ ...dose(id, mg), epiMg });

  it('[LA10] names all local anesthetics combined when their share is what binds', () => {
    // 20 kg AAPD: lidocaine 36 / 88 = 40.9 %; articaine 54 / 140 = 38.6 %; combined 79.5 % binds lidocaine
    expect(
      limitedByText({
        variantId: 'lidocaine-epi100',
        doses: [withEpi('lidocaine-epi100', 36, 0.018), withEpi('articaine-epi100', 54, 0.0135)],
        weight: actual(20),
        limits: 'aapd',
        cardiac: false,
      }),
    ).toBe(
      'Limited by all local anesthetics combined (79.5% of the maximum used). Epinephrine would allow 9.3 cartridges.',
    );
  });

  it('[LA18] names the absolute maximum when it binds, and the spec’s set by name', () => {
    // 90 kg AAPD lidocaine: 4.4 × 90 = 396 > 300: the 300 mg absolute (the spec's, as the AAPD guideline)
    expect(
      limitedByText({ variantId: 'lidocaine-plain', doses: [], weight: actual(90), limits: 'aapd', cardiac: false }),
    ).toBe('Limited by the pediatric dentistry (AAPD) maximum: Lidocaine 300 mg in all.');
    // Exparel counts under bupivacaine: at 70 kg its 90 mg absolute binds
    expect(
      limitedByText({ variantId: 'exparel', doses: [], weight: actual(70), limits: 'manufacturer', cardiac: false }),
    ).toBe("Limited by the manufacturer's maximum: Bupivacaine 90 mg in all.");
    expect(
      limitedByText({ variantId: 'oraverse', doses: [], weight: actual(70), limits: 'aapd', cardiac: false }),
    ).toBeNull();
  });

  it('[IBW2] says which weight the maxima use, and when the women’s formula stood in', () => {
    expect(doseWeightText(doseWeight({ weightKg: 100, heightCm: 177.8, sex: 'other', ageYears: 30 }), 'other')).toBe(
      "Dosing on ideal body weight 68.5 kg (Devine, women's formula: sex not recorded); actual weight 100 kg.",
    );
    expect(doseWeightText(doseWeight({ weightKg: null, heightCm: 177.8, sex: 'male', ageYears: 30 }), 'male')).toBe(
      'Ideal body weight 73 kg (Devine, male); no actual weight recorded.',
    );
    expect(doseWeightText(doseWeight({ weightKg: 30, heightCm: 130, sex: 'male', ageYears: 9 }), 'male')).toBeNull();
  });

  it('[EP4] a dose with epinephrine past the limit needs confirming; a plain dose after it does not', () => {
    const given = [withEpi('lidocaine-epi100', 108, 0.054)];
    const more = checkLocalDose('lidocaine-epi100', 36, given, 70, 'manufacturer', { epiMg: 0.018, cardiac: true });
    expect(more).toMatchObject({ epiMgAfter: 0.072, epiMaxMg: 0.04, epiExceeds: true, exceeds: true });
    const plain = checkLocalDose('mepivacaine-plain', 54, given, 70, 'manufacturer', { epiMg: 0, cardiac: true });
    expect(plain).toMatchObject({ epiExceeds: false, exceeds: false });
  });

  it('[EP3] sums the epinephrine of the visit for the tracker and warns past the limit', () => {
    const s = summarizeLocalDoses([withEpi('lidocaine-epi100', 72, 0.036)], 70, 40, 'manufacturer', true);
    // 0.036 / 0.04 = 90 %
    expect(s.epinephrine).toEqual({ givenMg: 0.036, maxMg: 0.04, pct: 90 });
    expect(s.issues).toEqual([]);
    const past = summarizeLocalDoses([withEpi('lidocaine-epi100', 108, 0.054)], 70, 40, 'manufacturer', true);
    expect(past.issues.map((i) => i.code)).toEqual(['EPINEPHRINE_MAX_EXCEEDED']);
  });
});
