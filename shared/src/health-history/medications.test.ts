import { describe, expect, it } from 'vitest';
import { MEDICATION_CATALOGUE, medicationLabel, NOT_MATCHED_TO_DRUG_ID, searchMedications } from './medications.js';

describe('medication catalogue', () => {
  it('[MED1] holds a few hundred drugs with unique ids, alphabetical by generic name', () => {
    expect(MEDICATION_CATALOGUE.length).toBeGreaterThanOrEqual(300);
    expect(new Set(MEDICATION_CATALOGUE.map((d) => d.id)).size).toBe(MEDICATION_CATALOGUE.length);
    const names = MEDICATION_CATALOGUE.map((d) => d.generic.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('[MED2] finds a drug by the start of its generic or brand name, prefix matches first', () => {
    expect(searchMedications('lisin')[0]).toEqual({ id: 'med:lisinopril', name: 'lisinopril', noMatch: false });
    expect(searchMedications('LIPIT')).toEqual([
      { id: 'med:atorvastatin', name: 'Lipitor (atorvastatin)', noMatch: false },
    ]);
    const metop = searchMedications('metoprolol').map((o) => o.name);
    expect(metop).toEqual(['metoprolol succinate', 'metoprolol tartrate']);
    // 'pine' starts no name; names containing it follow (amlodipine, carbamazepine…)
    expect(searchMedications('pine').every((o) => o.name.toLowerCase().includes('pine'))).toBe(true);
  });

  it('[MED2] shows at most 8 options and nothing for blank text', () => {
    expect(searchMedications('a')).toHaveLength(8);
    expect(searchMedications('   ')).toEqual([]);
  });

  it('[MED2] offers the typed text, not matched to a drug id, when nothing matches', () => {
    expect(searchMedications(' Grandma’s tonic ')).toEqual([{ id: null, name: 'Grandma’s tonic', noMatch: true }]);
  });

  it("[MED3] labels an entry without an id '(not matched to drug ID)'", () => {
    expect(NOT_MATCHED_TO_DRUG_ID).toBe('(not matched to drug ID)');
    expect(medicationLabel({ id: null, name: 'tonic' })).toBe('tonic (not matched to drug ID)');
    expect(medicationLabel({ id: 'med:aspirin', name: 'aspirin' })).toBe('aspirin');
  });
});
