import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASIMO_RAD8, NONIN_9847_CLOCK, PCD01_GE_B40, fixtureBytes } from './fixtures/streams.js';
import {
  createMonitorParser,
  mllpEncode,
  MONITOR_PROTOCOLS,
  noninFormat2Bytes,
  type MonitorProtocol,
} from './index.js';
import { ARRIVED, parseSplit, parseWhole } from './streams.test-util.js';

/** A good stream of each protocol, to mix noise into. */
const GOOD: Readonly<Record<MonitorProtocol, Uint8Array>> = {
  nonin: fixtureBytes(NONIN_9847_CLOCK),
  masimo: fixtureBytes(MASIMO_RAD8),
  hl7: mllpEncode(PCD01_GE_B40),
  noninPleth: Uint8Array.from(
    noninFormat2Bytes(
      Array.from({ length: 75 }, (_, i) => i),
      { hr: 72, spo2: 98 },
    ),
  ),
};

describe('every monitor parser', () => {
  it.each(MONITOR_PROTOCOLS)('[MON4] never throws on arbitrary bytes in arbitrary pieces (%s)', (protocol) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.array(fc.nat(600), { maxLength: 8 }), (bytes, cuts) => {
        const sorted = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
        const out = parseSplit(() => createMonitorParser(protocol), bytes, sorted);
        expect(Array.isArray(out.issues)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it.each(MONITOR_PROTOCOLS)(
    '[MON4] reads every reading of a good stream whatever noise (without line ends or frame bytes) comes before it (%s)',
    (protocol) => {
      const expected = parseWhole(() => createMonitorParser(protocol), GOOD[protocol]).readings.length;
      const separator = protocol === 'hl7' ? [] : [0x0d, 0x0a];
      fc.assert(
        fc.property(
          fc
            .uint8Array({ maxLength: 200 })
            .map((b) => b.filter((x) => x !== 0x0a && x !== 0x0d && x !== 0x0b && x !== 0x1c)),
          (noise) => {
            const parser = createMonitorParser(protocol);
            const bytes = new Uint8Array([...noise, ...separator, ...GOOD[protocol]]);
            expect(parser.push(bytes, ARRIVED).readings).toHaveLength(expected);
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
