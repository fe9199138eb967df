import { describe, expect, it } from 'vitest';
import {
  COPY_DROPPED_FIELDS,
  HEALTH_HISTORY_SOURCE_SYSTEM,
  INVALID_HEALTH_HISTORY,
  completionFields,
  completionOf,
  copyForUpdate,
  isFromHealthHistory,
  patientResourcesOf,
  seedFromCase,
  validateHealthHistory,
} from './lifecycle.js';

describe('health history lifecycle', () => {
  it('[HD1] finds no issue in a valid history and one per field path in an invalid one', () => {
    expect(validateHealthHistory({ allergiesSummary: 'NKDA', brodsky: '2+' })).toEqual([]);
    expect(validateHealthHistory(null)).toEqual([]);
    const issues = validateHealthHistory({
      brodsky: '5+',
      allergies: [{ id: 'a', substance: 'x', severity: 'fatal' }],
    });
    expect(issues.map((i) => [i.code, i.path.join('.')])).toEqual([
      [INVALID_HEALTH_HISTORY, 'brodsky'],
      [INVALID_HEALTH_HISTORY, 'allergies.0.severity'],
    ]);
    expect(issues.every((i) => i.severity === 'error')).toBe(true);
  });

  it('[HD2] a history from a case starts with the case’s patient-history fields only', () => {
    const seeded = seedFromCase({
      allergiesSummary: 'Penicillin',
      asaClassification: '2',
      height: { value: 120, raw: '120' },
      mallampati: null,
      procedure: 'Extraction',
      drugsAdministered: [{ name: 'Midazolam' }],
    });
    expect(seeded).toEqual({
      allergiesSummary: 'Penicillin',
      asaClassification: '2',
      height: { value: 120, raw: '120' },
    });
    expect(seedFromCase(undefined)).toEqual({});
  });

  it('[HD3] Update Health History copies everything but the signature, mark-complete and skipped sections', () => {
    const source = {
      ulbt: 'Class 3',
      allergies: [{ id: 'a1', substance: 'Latex' }],
      finalReportSignature: 'M 1 1',
      finalReportSignatureTime: 5,
      finalReportSignerName: 'Dr P',
      markedCompleteTime: 4,
      markedCompleteByName: 'R',
      skippedSections: ['consult'],
    };
    const copy = copyForUpdate(source);
    expect(copy).toEqual({ ulbt: 'Class 3', allergies: [{ id: 'a1', substance: 'Latex' }] });
    for (const k of COPY_DROPPED_FIELDS) expect(copy).not.toHaveProperty(k);
    // A deep copy: editing the copy leaves the signed source alone.
    (copy.allergies as { substance: string }[])[0]!.substance = 'Changed';
    expect(source.allergies[0]!.substance).toBe('Latex');
  });

  it('[HD4] a signature writes the signer fields; Mark Complete writes its own; completionOf tells them apart', () => {
    const signed = completionFields({ kind: 'signature', signature: 'M 0 0', signerName: 'Dr P', time: 10 });
    expect(signed).toEqual({
      finalReportSignature: 'M 0 0',
      finalReportSignatureTime: 10,
      finalReportSignerName: 'Dr P',
    });
    const marked = completionFields({ kind: 'markComplete', byName: 'Riley', time: 9 });
    expect(marked).toEqual({ markedCompleteTime: 9, markedCompleteByName: 'Riley' });
    expect(completionOf({})).toBeNull();
    expect(completionOf(marked)).toBe('markedComplete');
    expect(completionOf({ ...marked, ...signed })).toBe('signed');
  });

  it('[HD5] allergies and medications become the patient’s resources; NKDA and none give none', () => {
    const base = { patientId: 'pat-1', compositionId: 'cmp-1', date: '2026-11-26T10:00:00.000Z' };
    const { allergies, medications } = patientResourcesOf({
      ...base,
      content: {
        allergies: [
          { id: 'a1', substance: 'Latex', reaction: 'Anaphylaxis', severity: 'severe' },
          { id: 'a2', substance: 'Amoxicillin', reaction: 'Hives', severity: 'moderate' },
          { id: 'a3', substance: '  ' },
        ],
        medications: [{ id: '197361', name: 'Amlodipine 5 mg' }, { id: 'x', name: 'Vitamin D' }, { name: '' }],
        medicationsText: 'Amlodipine 5 mg, Vitamin D',
      },
    });
    expect(allergies.map((a) => [a.code?.text, a.criticality, a.note?.[0]?.text])).toEqual([
      ['Latex', 'high', 'Reaction: Anaphylaxis; Severity: severe'],
      ['Amoxicillin', 'low', 'Reaction: Hives; Severity: moderate'],
    ]);
    expect(allergies[0]!.patient.reference).toBe('Patient/pat-1');
    expect(medications.map((m) => m.medicationCodeableConcept)).toEqual([
      { text: 'Amlodipine 5 mg', coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '197361' }] },
      { text: 'Vitamin D' },
    ]);
    expect([...allergies, ...medications].every(isFromHealthHistory)).toBe(true);
    expect(medications[0]!.identifier).toEqual([{ system: HEALTH_HISTORY_SOURCE_SYSTEM, value: 'cmp-1' }]);
    expect(isFromHealthHistory({ identifier: [{ system: 'other' }] })).toBe(false);

    const none = patientResourcesOf({
      ...base,
      content: { allergiesSummary: 'NKDA', allergies: [], medicationsText: 'none', medications: [{ name: 'stale' }] },
    });
    expect(none).toEqual({ allergies: [], medications: [] });
  });
});
