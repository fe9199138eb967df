import { describe, expect, it } from 'vitest';
import { createNoninFormat2Parser, NONIN_FORMAT2, noninFormat2Bytes } from './nonin-format2.js';
import { parseWhole, splitsThatDiffer } from './streams.test-util.js';

const pleth = Array.from({ length: 75 }, (_, i) => (i * 7) % 256);
const stream = Uint8Array.from(noninFormat2Bytes(pleth, { hr: 300, spo2: 97 }));

describe('Nonin data format 2 (OEM III, Xpod)', () => {
  it('[MON21] reads a packet of 25 frames a third of a second: 25 pleth samples at 75 Hz and a reading', () => {
    const out = parseWhole(createNoninFormat2Parser, stream);
    expect(out.issues).toEqual([]);
    expect(out.readings).toHaveLength(3);
    expect(out.readings[0]!.vitals.hr?.value).toBe(300);
    expect(out.readings[0]!.vitals.spo2?.value).toBe(97);
    expect(out.readings[0]!.protocol).toBe('noninPleth');
    expect(out.waveforms?.map((w) => [w.type, w.sampleRateHz, w.values.length])).toEqual([
      ['pleth', 75, 25],
      ['pleth', 75, 25],
      ['pleth', 75, 25],
    ]);
    expect(out.waveforms!.flatMap((w) => w.values)).toEqual(pleth);
  });

  it('[MON21] the first frame of a packet carries the checksum of its four bytes and SYNC', () => {
    expect([...stream.subarray(0, 5)]).toEqual([0x01, 0x81, 0, 0x02, (0x01 + 0x81 + 0x02) & 0xff]);
  });

  it('[MON2] "no value" (511, 127) is a blank vital', () => {
    const out = parseWhole(
      createNoninFormat2Parser,
      Uint8Array.from(noninFormat2Bytes(pleth.slice(0, 25), { hr: null, spo2: null })),
    );
    expect(out.readings[0]!.vitals).toMatchObject({ hr: { value: null }, spo2: { value: null } });
    expect(NONIN_FORMAT2.noHr).toBe(511);
  });

  it('[MON4] skips noise and a bad checksum with one warning a run; a cut packet gives its pleth and no reading', () => {
    const bad = [...stream];
    bad[5 * 30 + 4] = bad[5 * 30 + 4]! ^ 0xff; // frame 31 (the second packet's sixth): wrong checksum
    const out = parseWhole(createNoninFormat2Parser, Uint8Array.from([0x55, 0x13, ...bad]));
    expect(out.issues.map((i) => i.code)).toEqual(['MONITOR_GARBAGE', 'MONITOR_GARBAGE']);
    expect(out.readings).toHaveLength(2);
    expect(out.waveforms!.map((w) => w.values.length)).toEqual([25, 5, 25]);
  });

  it('[MON3] reads the same however the stream is split', () => {
    expect(splitsThatDiffer(createNoninFormat2Parser, stream.subarray(0, 5 * 30))).toEqual([]);
  });
});
