import type { SignoffContext } from './signoff-rules.js';

/**
 * A complete moderate case for the sign-off rule tests: every 'missing' rule satisfied, nothing
 * out of order, past a limit, suspicious or to confirm. Each test changes one thing.
 * Times: 2026-11-26, case start 10:00 UTC, vitals every 5 minutes to 10:30, end 10:45.
 */
export const T0 = Date.UTC(2026, 10, 26, 10, 0);
export const MIN = 60_000;
export const at = (minutes: number): number => T0 + minutes * MIN;

/** A manual reading at minute m. */
export function reading(
  m: number,
  vitals: Record<string, number> = { sbp: 120, dbp: 80, hr: 72, spo2: 98, rr: 14 },
): { id: string; time: number; temperatureUnit: 'F'; vitals: Record<string, number> } {
  return { id: `mv${m}`, time: at(m), temperatureUnit: 'F' as const, vitals };
}

export function completeCase(): Record<string, unknown> {
  return {
    schemaVersion: 2,
    sedationLevel: 'moderate',
    asaClassification: '2',
    lastFood: '20:00 yesterday',
    lastDrink: '06:00 water',
    healthHistoryId: 'hhx1',
    preOpChecklist: [{ id: 'c1', label: 'Consent signed', order: 1, complete: true }],
    weight: { value: 70, raw: '70 kg' },
    vitalsTrackingEnabled: true,
    events: { caseStart: at(0), recoveryStart: at(30), vitalsEnd: at(30), end: at(45) },
    manualVitals: [0, 5, 10, 15, 20, 25, 30].map((m) => reading(m)),
    drugsAdministered: [
      {
        id: 'd1',
        name: 'Midazolam',
        drugId: 'midazolam',
        doses: [
          {
            drugId: 'midazolam',
            route: 'IV',
            amount: 2,
            amount_raw: '2',
            unit: 'mg',
            time: at(2),
            isPreProcedure: false,
            isComplete: true,
            perKg: null,
          },
        ],
      },
    ],
    dischargeScoreType: 'aldrete',
    dischargeScoreEntries: {
      aldreteOxygenation: { score: 2 },
      aldreteRespiratoryStability: { score: 2 },
      aldreteConsciousness: { score: 2 },
      aldretePain: { score: 2 },
      aldreteNausea: { score: 2 },
      aldreteGait: { score: 2 },
    },
    finalRoomAirSpO2: 97,
    signatures: [{ id: 's1', name: 'Dr Ada Lovelace', signature: 'M0 0 L10 10', time: at(46) }],
  };
}

export function ctxOf(caseData: unknown, over: Partial<SignoffContext> = {}): SignoffContext {
  return { caseData, patient: { ageYears: 40 }, previousWeightKg: null, ledger: null, timeZone: 'UTC', ...over };
}
