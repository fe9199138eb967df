import { describe, expect, it } from 'vitest';
import { CASE_STRUCTURE_GROUPS } from '../sync/protocol.js';
import { caseListEntrySchemas, type CaseListEntry, type CaseListKey } from './entries.js';
import { CASE_DATA_SCHEMA_VERSION } from './migrations.js';
import { caseDataSchema } from './schema.js';

const T = Date.UTC(2026, 10, 26, 9, 30);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 5 L10 5" stroke="black"/></svg>';

/** One entry of each list, as the client charts it. */
const ENTRIES: { [K in CaseListKey]: CaseListEntry<K> } = {
  preOpChecklist: { id: 'c1', label: 'Consent signed', order: 0, complete: true },
  optChecks: { id: 'c2', label: 'Suction ready', order: 1, complete: false },
  positions: { id: 'p1', name: 'Supine', time: T },
  signatures: { id: 's1', name: 'Dr Ada Lovelace', signature: 'M 0 0 L 10 10', time: T },
  waves: { id: 'w1', name: 'Pleth', time: T, type: 'pleth', svg: SVG, notes: null },
  vitalsRecords: {
    id: 'v1',
    lastUpdated: T,
    simulated: true,
    monitorLabel: 'Simulated monitor',
    monitorId: 'm1',
    selectedVitals: ['hr', 'spo2'],
    vitals: { hr: { value: 72, time: T }, spo2: { value: 98, time: T, error: null, status: 'ok' } },
  },
  manualVitals: { id: 'mv1', time: T, temperatureUnit: 'C', vitals: { sbp: 120, dbp: 80, hr: null } },
  drugsAdministered: {
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
        time: T,
        isPreProcedure: false,
        isComplete: true,
        perKg: 0.1,
      },
    ],
  },
  localDoses: {
    id: 'l1',
    drugVariantId: 'lidocaine-epi100',
    time: T,
    amount: 1,
    amount_raw: '1',
    unit: 'cartridges',
    epiConcentration: 100000,
    cartridges: 1,
    mg: 36,
    epiMg: 0.018,
  },
  customDilutions: { variantId: 'lidocaine-epi100', percent: 1 },
  preMeds: { id: 'pm1', drugId: 'midazolam', drugName: 'Midazolam', route: 'PO', dosage: 10, unit: 'mg', time: T },
  infusionDrugs: {
    id: 'i1',
    name: 'Propofol',
    unit: 'mg',
    bolusUnit: 'mg',
    pumpKg: 20,
    boluses: [{ amount: 10, unit: 'mg', time: T }],
    infusions: [{ rate: 100, rateUnit: 'mcg/kg/min', start: T, end: null }],
  },
  ivSites: {
    id: 'iv1',
    side: 'Left',
    name: 'Hand',
    needleGauge: 22,
    attempts: 1,
    securedWith: 'Tegaderm',
    time: T,
    timeRemoved: null,
    solutions: [{ bagId: 'b1', name: 'LR', amount: 500 }],
    syringeFlushes: [{ amount: 5, time: T }],
  },
  airways: {
    id: 'a1',
    type: 'nc',
    otherType: null,
    preOx: true,
    inflated: T,
    deflated: null,
    placementCompDetail: null,
    removalComp: false,
    removalCompDetail: null,
    peep: null,
    preRemovalSpo2: null,
    postRemovalSpo2: null,
    securedWith: null,
    notes: null,
    removalNotes: null,
    eyeProtection: true,
    confirmation: null,
  },
};

describe('case list entries', () => {
  it.each(Object.keys(ENTRIES) as CaseListKey[])(
    '[CD14] a %s entry as the client writes it passes its schema and the case-data schema',
    (key) => {
      const entry = ENTRIES[key];
      expect(caseListEntrySchemas[key].safeParse(entry).success).toBe(true);
      const result = caseDataSchema.safeParse({ schemaVersion: CASE_DATA_SCHEMA_VERSION, [key]: [entry] });
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it('[CD14] every list with an entry schema is a list of the case structure', () => {
    const lists = CASE_STRUCTURE_GROUPS.flatMap((g) => g.lists as readonly string[]);
    for (const key of Object.keys(caseListEntrySchemas)) expect(lists).toContain(key);
  });

  it.each([
    ['positions', { id: 'p1', name: 'Supine', time: '09:30' }],
    ['drugsAdministered', { id: 'd1', name: 'Midazolam' }],
    ['manualVitals', { id: 'mv1', time: T, temperatureUnit: 'K', vitals: {} }],
    ['infusionDrugs', { ...ENTRIES.infusionDrugs, infusions: [{ rate: 1, rateUnit: 'ml/hr', start: T, end: null }] }],
    ['waves', { ...ENTRIES.waves, type: 'V7' }],
  ] as const)('[CD14] refuses a %s entry this build would not write', (key, entry) => {
    expect(caseListEntrySchemas[key].safeParse(entry).success).toBe(false);
  });
});
