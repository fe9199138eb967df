import { describe, expect, it } from 'vitest';
import { PCD01_GE_B40, PCD01_UNITS_AND_BLANKS, fixtureBytes } from './fixtures/streams.js';
import {
  buildHl7Ack,
  hl7Escape,
  hl7Segment,
  hl7TimeToEpoch,
  hl7Timestamp,
  hl7Unescape,
  hl7Value,
  parseHl7,
} from './hl7.js';
import { createHl7Parser, readHl7Message } from './hl7-stream.js';
import { MllpDecoder, mllpEncode } from './mllp.js';
import { MMHG_PER_KPA, readPcd01, toChartedUnit } from './pcd01.js';
import { ARRIVED, parseWhole, splitsThatDiffer } from './streams.test-util.js';

const framed = (...messages: string[]) => {
  const parts = messages.map(mllpEncode);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const values = (text: string) => {
  const { message } = parseHl7(text);
  const { reading } = readPcd01(message!, ARRIVED);
  return Object.fromEntries(Object.entries(reading!.vitals).map(([k, v]) => [k, v.value]));
};

describe('MLLP framing', () => {
  it('[MON8] wraps a message in 0x0B … 0x1C 0x0D and takes it out again', () => {
    const bytes = mllpEncode('MSH|^~\\&|A\r');
    expect([bytes[0], bytes.at(-2), bytes.at(-1)]).toEqual([0x0b, 0x1c, 0x0d]);
    expect(new MllpDecoder().push(bytes).messages).toEqual([{ text: 'MSH|^~\\&|A\r', offset: 0 }]);
  });

  it('[MON4] [MON8] skips noise between frames with one warning per run, and reports a frame cut short', () => {
    const d = new MllpDecoder();
    const bytes = new Uint8Array([
      0x41,
      0x42,
      ...mllpEncode('M1'),
      0x0d,
      0x0a,
      ...mllpEncode('M2'),
      0x0b,
      0x58,
      ...mllpEncode('M3'),
    ]);
    const out = d.push(bytes);
    expect(out.messages.map((m) => m.text)).toEqual(['M1', 'M2', 'M3']);
    expect(out.issues.map((i) => [i.severity, i.code, i.path])).toEqual([
      ['warning', 'MONITOR_GARBAGE', ['byte', 0]],
      ['error', 'MLLP_UNTERMINATED', ['byte', 14]],
    ]);
  });

  it('[MON8] ends a frame at 0x1C without its CR with a warning, and reports what the end of the stream cut off', () => {
    const d = new MllpDecoder();
    const out = d.push(new Uint8Array([0x0b, 0x41, 0x1c, 0x0b, 0x42, 0x1c, 0x0d, 0x0b, 0x43]));
    expect(out.messages.map((m) => m.text)).toEqual(['A', 'B']);
    expect(out.issues.map((i) => i.code)).toEqual(['MLLP_END_WITHOUT_CR']);
    expect(d.end().issues.map((i) => i.code)).toEqual(['MLLP_UNTERMINATED']);
  });
});

describe('HL7 v2 messages', () => {
  it('[MON9] reads fields and components as HL7 numbers them, MSH-1 being the separator', () => {
    const { message, issues } = parseHl7(PCD01_GE_B40);
    const msh = hl7Segment(message!, 'MSH')!;
    expect(issues).toEqual([]);
    expect([
      hl7Value(message!, msh, 1),
      hl7Value(message!, msh, 2),
      hl7Value(message!, msh, 9, 2),
      hl7Value(message!, msh, 10),
    ]).toEqual(['|', '^~\\&', 'R01', 'MSG00001']);
  });

  it('[MON9] undoes and makes escapes', () => {
    expect(hl7Unescape('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f')).toBe('a|b^c&d~e\\f');
    expect(hl7Escape('a|b^c&d~e\\f')).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f');
  });

  it('[MON9] reports a message without MSH as an error, never throws', () => {
    expect(parseHl7('PID|1\r').issues.map((i) => [i.severity, i.code])).toEqual([['error', 'HL7_NO_MSH']]);
    expect(parseHl7('MSH|||||\r').issues.map((i) => i.code)).toEqual(['HL7_BAD_DELIMITERS']);
    expect(parseHl7('MSH|^~\\&|A\rzz|1\rPID|1\r').issues.map((i) => i.code)).toEqual(['HL7_BAD_SEGMENT']);
  });

  it('[MON15] takes a device time as a moment only when it carries its offset', () => {
    expect(hl7TimeToEpoch('20261128140205+0000')).toBe(Date.UTC(2026, 10, 28, 14, 2, 5));
    expect(hl7TimeToEpoch('20261128150205.25+0100')).toBe(Date.UTC(2026, 10, 28, 14, 2, 5, 250));
    expect(hl7TimeToEpoch('202611281402-0500')).toBe(Date.UTC(2026, 10, 28, 19, 2));
    expect(hl7TimeToEpoch('20261128140205')).toBeNull();
    expect(hl7Timestamp(Date.UTC(2026, 10, 28, 14, 2, 5))).toBe('20261128140205+0000');
  });
});

describe('IHE PCD-01 observations', () => {
  it('[MON10] reads HR, SpO2, NIBP, RR, EtCO2 and temperature by their MDC codes, ECG heart rate before pulse rate', () => {
    expect(values(PCD01_GE_B40)).toEqual({
      hr: 80,
      spo2: 97,
      sbp: 118,
      dbp: 76,
      map: 90,
      rr: 14,
      etco2: 36,
      temp: 36.8,
    });
    const { reading } = readPcd01(parseHl7(PCD01_GE_B40).message!, ARRIVED);
    expect(reading).toMatchObject({
      protocol: 'hl7',
      deviceClock: '20261128140205+0000',
      observedAt: Date.UTC(2026, 10, 28, 14, 2, 5),
      deviceId: '080019FFFE0B4020',
      patientId: '12345',
    });
  });

  it('[MON11] converts kPa to whole mmHg and °F to °C; [MON2] keeps an empty OBX-5 and a status X blank', () => {
    // 16.0 kPa × 7.50062 = 120.0 → 120; 10.7 × 7.50062 = 80.26 → 80; 5.1 × 7.50062 = 38.25 → 38; (98.6 − 32) × 5/9 = 37.0.
    expect(values(PCD01_UNITS_AND_BLANKS)).toEqual({ sbp: 120, dbp: 80, etco2: 38, temp: 37, spo2: null, rr: null });
    const { reading } = readPcd01(parseHl7(PCD01_UNITS_AND_BLANKS).message!, ARRIVED);
    expect(reading!.vitals.spo2).toEqual({ value: null, time: ARRIVED, status: 'connected' });
    expect(reading!.observedAt).toBe(Date.UTC(2026, 10, 28, 13, 3, 0));
  });

  it.each([
    [16, 'kPa', 'pressure', 120],
    [16, '265987', 'pressure', 120],
    [120, 'mm[Hg]', 'pressure', 120],
    [100.4, '[degF]', 'temperature', 38],
    [37.2, 'Cel', 'temperature', 37.2],
    [5, '%', 'pressure', null],
    [72, 'MDC_DIM_BEAT_PER_MIN', 'rate', 72],
  ] as const)('[MON11] %s %s as a %s is charted as %s', (value, unit, dimension, charted) => {
    expect(toChartedUnit(value, unit, dimension)).toBe(charted);
  });

  it('[MON11] takes a kPa as 1000 / 133.322 mmHg', () => {
    expect(MMHG_PER_KPA).toBeCloseTo(1000 / 133.322, 4);
  });

  it('[MON11] leaves a vital in a unit it cannot chart blank with a warning (EtCO2 in %)', () => {
    const text =
      'MSH|^~\\&|CAP|X|||20261128140000||ORU^R01|9|P|2.6\rOBX|1|NM|151708^MDC_AWAY_CO2_ET^MDC|1.7.1.1|5.0|262688^MDC_DIM_PERCENT^MDC|||||R\r';
    const { reading, issues } = readPcd01(parseHl7(text).message!, ARRIVED);
    expect(reading!.vitals.etco2!.value).toBeNull();
    expect(issues.map((i) => [i.severity, i.code])).toEqual([['warning', 'HL7_UNIT']]);
  });

  it('[MON10] gives no reading, and a warning, for an ORU^R01 without a vital Vigil charts', () => {
    const text =
      'MSH|^~\\&|A|B|||2026||ORU^R01|7|P|2.6\rOBX|1||69965^MDC_DEV_MON_PHYSIO_MULTI_PARAM_MDS^MDC|1.0.0.0|||||||X\r';
    const { reading, issues } = readPcd01(parseHl7(text).message!, ARRIVED);
    expect(reading).toBeNull();
    expect(issues.map((i) => [i.severity, i.code])).toEqual([['warning', 'HL7_NO_VITALS']]);
    expect(readHl7Message(text, ARRIVED).ack).toContain('\rMSA|AA|7\r');
  });

  it('[MON8] gives a message at its end block, before the CR arrives (a sender waits for its ACK)', () => {
    const d = new MllpDecoder();
    expect(d.push(new Uint8Array([0x0b, 0x41, 0x1c])).messages.map((m) => m.text)).toEqual(['A']);
    expect(d.push(new Uint8Array([0x0d]))).toEqual({ messages: [], issues: [] });
  });

  it('[MON10] refuses a message that is not an ORU^R01', () => {
    const { reading, issues } = readPcd01(parseHl7('MSH|^~\\&|A|B|||2026||ADT^A01|1|P|2.6\r').message!, ARRIVED);
    expect(reading).toBeNull();
    expect(issues.map((i) => [i.severity, i.code])).toEqual([['error', 'HL7_UNSUPPORTED_MESSAGE']]);
  });
});

describe('acknowledgements', () => {
  it('[MON12] answers a message read with AA, sender and receiver swapped, its control id in MSA-2', () => {
    const { ack } = readHl7Message(PCD01_GE_B40, ARRIVED);
    expect(ack.split('\r')).toEqual([
      'MSH|^~\\&|VIGIL|OFFICE|B40_GE|GE|20261128140201+0000||ACK^R01^ACK|AMSG00001|P|2.6',
      'MSA|AA|MSG00001',
      '',
    ]);
  });

  it('[MON12] answers a message it cannot take with AE and the reason', () => {
    expect(readHl7Message('MSH|^~\\&|A|B|C|D|2026||ADT^A01|42|P|2.6\r', ARRIVED).ack).toContain(
      // The reason's ^ are escaped as \S\ inside the MSA segment.
      '\rMSA|AE|42|ADT\\S\\A01 is not an ORU\\S\\R01 message.\r',
    );
    const unreadable = buildHl7Ack(null, {
      code: 'AE',
      text: 'The message does not start with an MSH segment.',
      now: ARRIVED,
    });
    expect(unreadable.split('\r')[1]).toBe('MSA|AE||The message does not start with an MSH segment.');
  });
});

describe('an HL7 connection', () => {
  const stream = framed(PCD01_GE_B40, PCD01_UNITS_AND_BLANKS);

  it('[MON8] [MON12] reads each framed message into a reading and one ACK, in order', () => {
    const out = createHl7Parser().push(stream, ARRIVED);
    expect(out.readings.map((r) => r.vitals.sbp?.value)).toEqual([118, 120]);
    expect(out.acks.map((a) => a.split('\r')[1])).toEqual(['MSA|AA|MSG00001', 'MSA|AA|MSG00002']);
    expect(out.frames.map((f) => f.text.slice(0, 8))).toEqual(['MSH|^~\\&', 'MSH|^~\\&']);
  });

  it('[MON8] gives the same frames, readings and issues however the connection splits the bytes', () => {
    expect(splitsThatDiffer(createHl7Parser, stream)).toEqual([]);
  });

  it('[MON4] reads the messages around noise and answers a garbled frame with AE', () => {
    const bytes = new Uint8Array([...fixtureBytes('noise'), ...framed('garbled', PCD01_GE_B40)]);
    const out = createHl7Parser().push(bytes, ARRIVED);
    expect(out.readings).toHaveLength(1);
    expect(out.acks.map((a) => a.split('\r')[1]!.slice(0, 7))).toEqual(['MSA|AE|', 'MSA|AA|']);
    expect(out.issues.map((i) => [i.code, i.path])).toEqual([
      ['MONITOR_GARBAGE', ['byte', 0]],
      ['HL7_NO_MSH', ['byte', 5, 0]],
    ]);
    expect(parseWhole(createHl7Parser, bytes).readings).toHaveLength(1);
  });
});
