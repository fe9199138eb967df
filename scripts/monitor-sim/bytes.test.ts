import { readdirSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import {
  buildHl7Ack,
  createMonitorParser,
  hl7Segment,
  hl7Value,
  mergeOutputs,
  parseHl7,
  type ParseOutput,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { SERIAL_INTERVAL_MS, scenarioFrames, SIM_PROTOCOLS, type SimFrame } from './bytes.js';
import { loadScenario, SCENARIO_DIR } from './io.js';
import { parseScenario, scenarioDurationMs } from './scenario.js';

const START = Date.UTC(2026, 10, 28, 14, 0, 0);
const SCENARIOS = readdirSync(SCENARIO_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

/** Every frame pushed into a fresh parser as it would arrive (noise first), at its time. */
function parseFrames(protocol: (typeof SIM_PROTOCOLS)[number], frames: readonly SimFrame[]): ParseOutput {
  const parser = createMonitorParser(protocol);
  return mergeOutputs(frames.map((f) => parser.push(new Uint8Array([...f.garbage, ...f.bytes]), START + f.atMs)));
}

describe('monitor-sim scenarios', () => {
  it('has the six scenarios the issue names', () => {
    expect(SCENARIOS).toEqual(['blank-values', 'bradycardia', 'desaturation', 'dropped-cable', 'garbage', 'steady']);
  });

  const cases = SCENARIOS.flatMap((name) => SIM_PROTOCOLS.map((protocol) => [name, protocol] as const));
  it.each(cases)('round-trips %s spoken as %s through the shared parser, value for value', (name, protocol) => {
    const frames = scenarioFrames(loadScenario(name), protocol, { startClock: START });
    const out = parseFrames(protocol, frames);
    expect(out.readings).toHaveLength(frames.length);
    out.readings.forEach((reading, i) => {
      const got = Object.fromEntries(
        Object.keys(frames[i]!.expected).map((k) => [k, reading.vitals[k as 'hr']?.value]),
      );
      expect(got, `frame ${i} at ${frames[i]!.atMs} ms`).toEqual(frames[i]!.expected);
      expect(reading.receivedAt).toBe(START + frames[i]!.atMs);
    });
    expect(out.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const noisy = frames.filter((f) => f.garbage.length > 0).length;
    expect(out.issues.filter((i) => i.code === 'MONITOR_GARBAGE')).toHaveLength(noisy);
  });

  it('speaks a serial protocol once a second and sends nothing while the cable is pulled', () => {
    const scenario = loadScenario('dropped-cable');
    const frames = scenarioFrames(scenario, 'nonin', { startClock: START });
    // 115 s of scenario, 45 of them silent: 70 lines, none between 40 s and 85 s.
    expect(scenarioDurationMs(scenario)).toBe(115_000);
    expect(frames).toHaveLength(70);
    expect(frames.filter((f) => f.atMs >= 40_000 && f.atMs < 85_000)).toEqual([]);
    expect(frames[1]!.atMs - frames[0]!.atMs).toBe(SERIAL_INTERVAL_MS);
  });

  it('sends blank values while the probe is off, and Masimo says "Sensor off"', () => {
    const frames = scenarioFrames(loadScenario('dropped-cable'), 'masimo', { startClock: START });
    const out = parseFrames('masimo', frames);
    const off = out.readings.filter((r) => r.vitals.spo2?.value == null);
    expect(off).toHaveLength(10);
    expect(off.every((r) => r.flags.includes('Sensor off'))).toBe(true);
  });

  it('ramps a desaturation down to 84 % and marks the jaw thrust as an event', () => {
    const frames = scenarioFrames(loadScenario('desaturation'), 'nonin', { startClock: START });
    const out = parseFrames('nonin', frames);
    const spo2 = out.readings.map((r) => r.vitals.spo2!.value!);
    expect(Math.min(...spo2)).toBe(84);
    expect(spo2[0]).toBe(98);
    expect(out.readings.filter((r) => r.flags.includes('event'))).toHaveLength(1);
  });

  it('writes the device clock the start time gives', () => {
    const [first] = scenarioFrames(loadScenario('steady'), 'nonin', { startClock: START });
    expect(new TextDecoder().decode(first!.bytes)).toBe('14:00:00 SPO2=098 HR=072\r\n');
  });

  it('refuses a scenario file with a field it does not know', () => {
    expect(() => parseScenario('{"name":"x","description":"","steps":[{"seconds":1,"spO2":90}]}')).toThrow();
    expect(() => parseScenario('{"name":"x","description":"","steps":[]}')).toThrow();
  });
});

describe("the HL7 reader against @medplum/core's Hl7Message", () => {
  const frames = [
    ...scenarioFrames(loadScenario('steady'), 'hl7', { startClock: START }),
    ...scenarioFrames(loadScenario('garbage'), 'hl7', { startClock: START }),
  ];

  it.each([0, 5, frames.length - 1])('reads message %i field for field as Hl7Message does', (index) => {
    const text = frames[index]!.message!;
    const ours = parseHl7(text).message!;
    const theirs = Hl7Message.parse(text);
    expect(hl7Value(ours, hl7Segment(ours, 'MSH')!, 10)).toBe(theirs.getSegment('MSH')!.getField(10).toString());
    const obx = ours.segments.filter((s) => s.name === 'OBX');
    const theirObx = theirs.getAllSegments('OBX');
    expect(obx).toHaveLength(theirObx.length);
    obx.forEach((segment, i) => {
      for (const [field, component] of [
        [3, 1],
        [3, 2],
        [5, 1],
        [6, 1],
        [11, 1],
      ] as const)
        expect(hl7Value(ours, segment, field, component)).toBe(theirObx[i]!.getComponent(field, component));
    });
  });

  it('writes an ACK Hl7Message reads as an ACK of the message', () => {
    const message = parseHl7(frames[0]!.message!).message!;
    const ack = Hl7Message.parse(buildHl7Ack(message, { code: 'AA', now: START }));
    expect(ack.getSegment('MSH')!.getComponent(9, 1)).toBe('ACK');
    expect(ack.getSegment('MSA')!.getComponent(1, 1)).toBe('AA');
    expect(ack.getSegment('MSA')!.getComponent(2, 1)).toBe(frames[0]!.controlId);
  });
});
