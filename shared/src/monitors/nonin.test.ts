import { describe, expect, it } from 'vitest';
import { NONIN_2500_AND_AVANT, NONIN_9847_CLOCK, fixtureBytes } from './fixtures/streams.js';
import { createNoninParser, readNoninLine } from './nonin.js';
import { MAX_LINE_BYTES } from './lines.js';
import { ARRIVED, parseWhole, splitsThatDiffer } from './streams.test-util.js';

const parse = (text: string) => parseWhole(createNoninParser, fixtureBytes(text));
const values = (text: string) =>
  parse(text).readings.map((r) => [r.vitals.spo2?.value ?? null, r.vitals.hr?.value ?? null, ...r.flags]);

describe('Nonin real-time output', () => {
  it('[MON1] reads the clock-prefixed lines of a 9847 with its header, event and breath markers', () => {
    const out = parse(NONIN_9847_CLOCK);
    expect(values(NONIN_9847_CLOCK)).toEqual([
      [97, 72],
      [97, 73],
      [null, null],
      [96, 74, 'event'],
      [96, 74, 'breath'],
    ]);
    expect(out.readings.map((r) => r.deviceClock)).toEqual([
      '14:02:01',
      '14:02:02',
      '14:02:03',
      '14:02:04',
      '14:02:05',
    ]);
    expect(out.frames).toHaveLength(6);
    expect(out.frames[0]!.text).toBe('NONIN 9847 REAL-TIME OUTPUT 11/28/26 14:02:00');
    expect(out.issues).toEqual([]);
  });

  it('[MON1] reads lines without a clock and the fast-responding F of an Avant', () => {
    expect(values(NONIN_2500_AND_AVANT)).toEqual([
      [98, 61],
      [98, 62],
      [98, 63, 'fast'],
      [99, 63, 'event'],
      [null, null],
    ]);
    expect(parse(NONIN_2500_AND_AVANT).readings.every((r) => r.deviceClock == null)).toBe(true);
  });

  it('[MON2] keeps --- as a blank value of a connected monitor, at the time the line arrived', () => {
    const [blank] = parse('SPO2=--- HR=---\r\n').readings;
    expect(blank!.vitals).toEqual({
      spo2: { value: null, time: ARRIVED, status: 'connected' },
      hr: { value: null, time: ARRIVED, status: 'connected' },
    });
  });

  it.each([
    ['the 9847 stream', NONIN_9847_CLOCK],
    ['the 2500 and Avant stream', NONIN_2500_AND_AVANT],
  ])('[MON1] gives the same frames, readings and issues for %s however it is split', (_, text) => {
    expect(splitsThatDiffer(createNoninParser, fixtureBytes(text))).toEqual([]);
  });

  it('[MON4] skips noise between lines and before a reading with warnings, and keeps reading', () => {
    const text = '\x00\xff\xfe\r\n' + 'SPO2=097 HR=072\r\n' + '#@!SPO2=096 HR=071\r\n' + 'SPO2=095 HR=070\r\n';
    const out = parse(text);
    expect(out.readings.map((r) => r.vitals.spo2?.value)).toEqual([97, 96, 95]);
    expect(out.issues.map((i) => [i.severity, i.code, i.path])).toEqual([
      ['warning', 'MONITOR_UNREADABLE_LINE', ['byte', 0]],
      ['warning', 'MONITOR_GARBAGE', ['byte', 22]],
    ]);
    expect(splitsThatDiffer(createNoninParser, fixtureBytes(text))).toEqual([]);
  });

  it('[MON1] reports a malformed reading line as an issue, never throws', () => {
    const out = parse('SPO2=9x7 HR=072\r\n');
    expect(out.readings).toEqual([]);
    expect(out.issues.map((i) => i.code)).toEqual(['MONITOR_UNREADABLE_LINE']);
  });

  it('[MON3] drops a line past the bound as an error and reads the next one', () => {
    const text = 'X'.repeat(MAX_LINE_BYTES + 10) + '\r\nSPO2=097 HR=072\r\n';
    const out = parse(text);
    expect(out.issues.map((i) => [i.severity, i.code, i.path])).toEqual([
      ['error', 'MONITOR_LINE_TOO_LONG', ['byte', 0]],
    ]);
    expect(out.readings).toHaveLength(1);
    expect(splitsThatDiffer(createNoninParser, fixtureBytes(text))).toEqual([]);
  });

  it('[MON14] keeps a value out of its range with the error VT10 gives it', () => {
    const { reading, issues } = readNoninLine({ text: 'SPO2=000 HR=072', bytes: new Uint8Array(), offset: 0 }, ARRIVED);
    expect(reading!.vitals.spo2).toEqual({ value: 0, time: ARRIVED, status: 'connected', error: 'min is 1' });
    expect(issues.map((i) => i.code)).toEqual(['MONITOR_OUT_OF_RANGE']);
  });

  it('keeps an unfinished line until its end arrives', () => {
    const parser = createNoninParser();
    expect(parser.push(fixtureBytes('SPO2=097 HR='), ARRIVED).readings).toEqual([]);
    expect(parser.push(fixtureBytes('072\r'), ARRIVED + 1000).readings[0]!.vitals.hr).toEqual({
      value: 72,
      time: ARRIVED + 1000,
      status: 'connected',
    });
  });
});
