import { describe, expect, it } from 'vitest';
import { MASIMO_NO_CABLE, MASIMO_RAD8, MASIMO_RADICAL, fixtureBytes } from './fixtures/streams.js';
import { MASIMO_ASCII1_NOTE, MASIMO_EXCEPTION_BITS, createMasimoParser, masimoBits } from './masimo.js';
import { ARRIVED, parseWhole, splitsThatDiffer } from './streams.test-util.js';

const parse = (text: string) => parseWhole(createMasimoParser, fixtureBytes(text));

describe('Masimo ASCII 1 output', () => {
  it('[MON5] reads SpO2, pulse rate, perfusion index, the clock and serial number of a Rad-8', () => {
    const out = parse(MASIMO_RAD8);
    expect(out.readings.map((r) => [r.vitals.spo2?.value, r.vitals.hr?.value, r.vitals.pi?.value])).toEqual([
      [98, 97, 3.6],
      [98, 96, 3.95],
      [98, 96, 4.25],
    ]);
    expect(out.readings[0]).toMatchObject({ deviceClock: '02/22/16 22:47:45', deviceId: '0000056661', flags: [] });
    expect(out.frames).toHaveLength(3);
    expect(out.issues).toEqual([]);
  });

  it('[MON6] reads a Radical-5 two-digit alarm and a Radical-7 line with its extra fields', () => {
    const [r5, r7] = parse(MASIMO_RADICAL).readings;
    // ALARM=20: bit 0x20 alarm silenced; EXC=800: Masimo SET only, no exception.
    expect(r5!.flags).toEqual(['Alarm silenced']);
    expect(r5!.vitals.pi?.value).toBe(11.82);
    // EXC=000820: 0x800 (SET) and 0x020 sensor off. BPM=240 is in hr's range 0–500.
    expect(r7!.flags).toEqual(['Sensor off']);
    expect(r7!.vitals.hr).toEqual({ value: 240, time: ARRIVED, status: 'connected' });
  });

  it('[MON2] [MON6] keeps the dashes of a pulled cable as blank values and says why in the flags', () => {
    const [r] = parse(MASIMO_NO_CABLE).readings;
    expect(r!.vitals).toEqual({
      spo2: { value: null, time: ARRIVED, status: 'connected' },
      hr: { value: null, time: ARRIVED, status: 'connected' },
      pi: { value: null, time: ARRIVED, status: 'connected' },
    });
    expect(r!.flags).toEqual(['No cable connected']);
  });

  it.each([
    ['the Rad-8 stream', MASIMO_RAD8],
    ['the Radical stream', MASIMO_RADICAL],
    ['the pulled cable', MASIMO_NO_CABLE],
  ])('[MON5] gives the same frames, readings and issues for %s however it is split', (_, text) => {
    expect(splitsThatDiffer(createMasimoParser, fixtureBytes(text))).toEqual([]);
  });

  it('[MON4] skips noise between lines with a warning, and a bad field is an issue, never a throw', () => {
    const text =
      '\xff\xfe\x00garbage\r\n' +
      MASIMO_RAD8.split('\n\r')[0] +
      '\r\n' +
      '02/22/16 22:47:50 SPO2=0x8% BPM=096 PI=03.60% ALARM=zz EXC=000800\r\n';
    const out = parse(text);
    expect(out.readings.map((r) => r.vitals.spo2?.value)).toEqual([98, null]);
    expect(out.issues.map((i) => i.code)).toEqual([
      'MONITOR_UNREADABLE_LINE',
      'MONITOR_BAD_VALUE',
      'MONITOR_BAD_VALUE',
    ]);
    expect(splitsThatDiffer(createMasimoParser, fixtureBytes(text))).toEqual([]);
  });

  it('[MON7] says once that the oximeter must be switched to ASCII 1 after three unreadable lines in a row', () => {
    const other = '\x02\x31\x32\x30\x03\r\n'.repeat(5);
    const out = parse(other);
    const notes = out.issues.filter((i) => i.code === 'MASIMO_NOT_ASCII1');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(MASIMO_ASCII1_NOTE);
    expect(notes[0]!.path).toEqual(['byte', 14]);
    expect(MASIMO_ASCII1_NOTE).toContain('ASCII 1');
  });

  it('[MON7] does not warn about the format when good lines come between unreadable ones', () => {
    const line = MASIMO_RAD8.split('\n\r')[0] + '\r\n';
    const out = parse('??\r\n??\r\n' + line + '??\r\n??\r\n' + line);
    expect(out.issues.filter((i) => i.code === 'MASIMO_NOT_ASCII1')).toEqual([]);
  });

  it('[MON6] reads bit fields in words and refuses what is not hexadecimal', () => {
    expect(masimoBits('001021', MASIMO_EXCEPTION_BITS)).toEqual(['No sensor', 'Sensor off', 'No cable connected']);
    expect(masimoBits('0000', MASIMO_EXCEPTION_BITS)).toEqual([]);
    expect(masimoBits('x1', MASIMO_EXCEPTION_BITS)).toBeNull();
  });
});
