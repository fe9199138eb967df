import { describe, expect, it } from 'vitest';
import { vitalsRecordSchema } from '../case-data/entries.js';
import { MASIMO_NO_CABLE, MASIMO_RAD8, PCD01_GE_B40, fixtureBytes } from './fixtures/streams.js';
import {
  createMonitorParser,
  isBlankReading,
  MASIMO_ASCII1_NOTE,
  mllpEncode,
  MONITOR_PROTOCOL_INFO,
  MONITOR_PROTOCOLS,
  readingToVitalsRecord,
} from './index.js';
import { ARRIVED } from './streams.test-util.js';

const source = { monitorLabel: 'Operatory 2 monitor', monitorId: 'mon-1' };

describe('the protocols', () => {
  it('[MON7] name each protocol, open the serial ones at 9600 8N1, and carry the Masimo ASCII 1 note', () => {
    expect(MONITOR_PROTOCOL_INFO.nonin.serial).toEqual({ baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
    expect(MONITOR_PROTOCOL_INFO.masimo.note).toBe(MASIMO_ASCII1_NOTE);
    expect(MONITOR_PROTOCOL_INFO.hl7).toMatchObject({ transport: 'mllp', serial: null });
    for (const protocol of MONITOR_PROTOCOLS) expect(createMonitorParser(protocol).protocol).toBe(protocol);
  });
});

describe('readings into the case', () => {
  it('[MON13] makes a vitals record the case schema accepts, lastUpdated the arrival, selectedVitals what came', () => {
    const [reading] = createMonitorParser('masimo').push(fixtureBytes(MASIMO_RAD8), ARRIVED).readings;
    const record = readingToVitalsRecord(reading!, source);
    expect(vitalsRecordSchema.safeParse({ id: 'r1', ...record }).success).toBe(true);
    expect(record).toMatchObject({
      lastUpdated: ARRIVED,
      simulated: false,
      monitorLabel: 'Operatory 2 monitor',
      monitorId: 'mon-1',
      selectedVitals: ['hr', 'spo2', 'pi'],
    });
    expect(record.vitals.spo2).toEqual({ value: 98, time: ARRIVED, status: 'connected' });
  });

  it('[MON13] orders the vitals of an HL7 reading as the case lists them', () => {
    const [reading] = createMonitorParser('hl7').push(mllpEncode(PCD01_GE_B40), ARRIVED).readings;
    expect(readingToVitalsRecord(reading!, source).selectedVitals).toEqual([
      'hr',
      'spo2',
      'sbp',
      'dbp',
      'map',
      'rr',
      'etco2',
      'temp',
    ]);
  });

  it('[MON2] keeps blank vitals in the record, so the banner can say the monitor sends blank values', () => {
    const [blank] = createMonitorParser('masimo').push(fixtureBytes(MASIMO_NO_CABLE), ARRIVED).readings;
    const [good] = createMonitorParser('masimo').push(fixtureBytes(MASIMO_RAD8), ARRIVED).readings;
    expect(isBlankReading(blank!)).toBe(true);
    expect(isBlankReading(good!)).toBe(false);
    const record = readingToVitalsRecord(blank!, source);
    expect(record.selectedVitals).toEqual(['hr', 'spo2', 'pi']);
    expect(Object.values(record.vitals).map((v) => v!.value)).toEqual([null, null, null]);
  });
});
