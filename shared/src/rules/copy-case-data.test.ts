import { describe, expect, it } from 'vitest';
import { CASE_COPY_FIELDS, copiedCaseValues, recentCases, recentPreMeds, type PatientCase } from './copy-case-data.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);

describe('copying case data from an earlier case (issue 39)', () => {
  it('[CC1] copies the values of spec 002 §3 that are set, never a signature, a time or last food and drink', () => {
    const earlier = {
      sedationLevel: 'moderate',
      asaClassification: '2',
      ivEnabled: true,
      timeoutEnabled: false,
      procedureNotes: 'Extractions',
      present: '  ',
      surgeonName: null,
      lastFood: '20:00',
      lastDrink: '06:00',
      procedureNotesSignature: { name: 'Dr. Ray', signature: 'M0 0', time: 1 },
      signatures: [{ name: 'Dr. Ray' }],
      events: { caseStart: 1 },
      preMeds: [{ drugId: 'x' }],
      weight: { value: 20 },
    };
    expect(copiedCaseValues(earlier)).toEqual({
      sedationLevel: 'moderate',
      asaClassification: '2',
      ivEnabled: true,
      timeoutEnabled: false,
      procedureNotes: 'Extractions',
    });
    expect(CASE_COPY_FIELDS.some((f) => /signature|time$|^last/i.test(f))).toBe(false);
  });

  it('[CC2] looks 30 days back for the patient’s other cases, newest first, none ahead', () => {
    const cases: PatientCase[] = [
      { id: 'old', at: NOW - 31 * DAY, data: {} },
      { id: 'edge', at: NOW - 30 * DAY, data: {} },
      { id: 'week', at: NOW - 7 * DAY, data: {} },
      { id: 'current', at: NOW - DAY, data: {} },
      { id: 'booked', at: NOW + DAY, data: {} },
    ];
    expect(recentCases(cases, 'current', NOW).map((c) => c.id)).toEqual(['week', 'edge']);
  });

  it('[CC2] offers each recent pre-med once, newest case first, only those that count', () => {
    const premed = (drugName: string, dosage: unknown, time = 5) => ({
      id: `pm-${drugName}`,
      drugId: drugName.toLowerCase(),
      drugName,
      route: 'PO',
      dosage,
      unit: 'mg',
      time,
    });
    const cases: PatientCase[] = [
      { id: 'a', at: NOW - DAY, data: { preMeds: [premed('Triazolam', 0.25, 100), { drugName: 'No id' }] } },
      { id: 'b', at: NOW - 2 * DAY, data: { preMeds: [premed('Triazolam', 0.25, 50), premed('Hydroxyzine', 'x')] } },
      { id: 'c', at: NOW - 3 * DAY, data: { preMeds: [premed('Hydroxyzine', 25)] } },
    ];
    expect(recentPreMeds(cases)).toEqual([
      { drugId: 'triazolam', drugName: 'Triazolam', route: 'PO', dosage: 0.25, unit: 'mg', givenAt: 100 },
      { drugId: 'hydroxyzine', drugName: 'Hydroxyzine', route: 'PO', dosage: 25, unit: 'mg', givenAt: 5 },
    ]);
  });
});
