import { describe, expect, it } from 'vitest';
import { findVariant } from '@vigil/shared';
import {
  checkLocalDose,
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
