import { describe, expect, it } from 'vitest';
import { isSafeWaveSvg } from '../case-data/wave-svg.js';
import { PCD01_GE_B40, PCD01_WAVEFORMS, PLETH_SECOND, fixtureBytes } from './fixtures/streams.js';
import { createHl7Parser } from './hl7-stream.js';
import { parseHl7 } from './hl7.js';
import { mllpEncode } from './mllp.js';
import { ARRIVED, splitsThatDiffer } from './streams.test-util.js';
import {
  latestWaveform,
  waveBoxHeight,
  readPcd01Waveforms,
  waveformStripSvg,
  WAVE_STRIP,
  type WaveformSamples,
} from './waveforms.js';

const read = (text: string) => readPcd01Waveforms(parseHl7(text).message!, ARRIVED);

describe('waveforms from IHE PCD-01', () => {
  it('[MON18] reads an NA pleth, an MA ECG lead and an NA CO2 with the sample rates of their child OBX', () => {
    const { waveforms, issues } = read(PCD01_WAVEFORMS);
    expect(issues).toEqual([]);
    expect(waveforms.map((w) => [w.type, w.sampleRateHz, w.values.length])).toEqual([
      ['pleth', 100, 100],
      ['II', 250, 50],
      ['etco2', 25, 8],
    ]);
    expect(waveforms[0]!.values).toEqual(PLETH_SECOND);
    expect(waveforms[1]!.values[20]).toBe(900);
    expect(waveforms.every((w) => w.receivedAt === ARRIVED)).toBe(true);
  });

  it('[MON19] turns a CO2 wave in kPa into mmHg × 100, the wave range’s unit', () => {
    expect(read(PCD01_WAVEFORMS).waveforms[2]!.values).toEqual([0, 375, 3450, 3600, 3675, 3750, 1500, 0]);
  });

  it('[MON18] the stream parser hands out the waveforms beside the reading, with no "no vitals" warning, however split', () => {
    const bytes = mllpEncode(PCD01_WAVEFORMS);
    const out = createHl7Parser().push(bytes, ARRIVED);
    expect(out.readings).toHaveLength(1);
    expect(out.readings[0]!.vitals.spo2?.value).toBe(97);
    expect(out.waveforms?.map((w) => w.type)).toEqual(['pleth', 'II', 'etco2']);
    expect(out.issues).toEqual([]);
    expect(out.acks[0]).toContain('MSA|AA|');
    // A message without waveforms gives none.
    expect(createHl7Parser().push(mllpEncode(PCD01_GE_B40), ARRIVED).waveforms).toBeUndefined();
    expect(
      splitsThatDiffer(createHl7Parser, fixtureBytes(String.fromCharCode(...mllpEncode(PCD01_WAVEFORMS)))),
    ).toEqual([]);
  });

  it('[MON18] a wave without a sample rate, with a sample that is no number or CO2 in % is a warning and left out', () => {
    const noRate = PCD01_WAVEFORMS.replace(/OBX\|4\|[^\r]*\r/, '')
      .replace(/OBX\|6\|[^\r]*\r/, '')
      .replace(/OBX\|8\|[^\r]*\r/, '');
    expect(read(noRate).waveforms).toEqual([]);
    expect(read(noRate).issues.map((i) => i.code)).toEqual([
      'HL7_NO_SAMPLE_RATE',
      'HL7_NO_SAMPLE_RATE',
      'HL7_NO_SAMPLE_RATE',
    ]);
    const bad = PCD01_WAVEFORMS.replace('|0^0.5^4.6', '|0^x^4.6').replace(
      '265987^MDC_DIM_KILO_PASCAL',
      '262688^MDC_DIM_PERCENT',
    );
    expect(read(bad).issues.map((i) => i.code)).toEqual(['HL7_BAD_WAVEFORM']);
    const pct = PCD01_WAVEFORMS.replace('265987^MDC_DIM_KILO_PASCAL', '262688^MDC_DIM_PERCENT');
    expect(read(pct).issues.map((i) => i.code)).toEqual(['HL7_UNIT']);
    expect(read(pct).waveforms.map((w) => w.type)).toEqual(['pleth', 'II']);
  });
});

describe('a captured strip', () => {
  const pleth = (values: number[], receivedAt: number, rate = 100): WaveformSamples => ({
    type: 'pleth',
    values,
    sampleRateHz: rate,
    receivedAt,
  });

  it('[MON20] takes the newest samples of a type up to the seconds asked, at most 3 rows of 6 s', () => {
    const samples = Array.from({ length: 30 }, (_, k) =>
      pleth(
        Array.from({ length: 100 }, (_, i) => k * 100 + i),
        k,
      ),
    );
    const six = latestWaveform(samples, 'pleth')!;
    expect(six.values).toHaveLength(600);
    expect(six.values.at(-1)).toBe(2999);
    expect(latestWaveform(samples, 'pleth', 60)!.values).toHaveLength(1800);
    expect(latestWaveform(samples, 'II')).toBeNull();
    // A rate change starts the strip there.
    expect(latestWaveform([...samples, pleth([1, 2, 3], 31, 75)], 'pleth')!).toEqual({
      values: [1, 2, 3],
      sampleRateHz: 75,
    });
  });

  it('[MON20] draws rows of 6 s, capped at 3, as a wave svg the wave svg rules accept [CD3]', () => {
    const values = Array.from({ length: 2500 }, (_, i) => PLETH_SECOND[i % 100]!);
    const svg = waveformStripSvg('pleth', values, 100)!;
    expect(isSafeWaveSvg(svg)).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(WAVE_STRIP.maxRows);
    expect(svg).toContain('viewBox="0 0 600 360"');
    expect(waveformStripSvg('pleth', values.slice(0, 300), 100)).toContain('viewBox="0 0 600 120"');
    expect(waveformStripSvg('pleth', [1], 100)).toBeNull();
    expect(waveBoxHeight(svg)).toBe(360);
    expect(waveBoxHeight('<svg viewBox="0 0 600 120"></svg>')).toBe(120);
    expect(waveBoxHeight('<svg viewBox="0 0 100 900"></svg>')).toBe(360);
    expect(waveBoxHeight('<svg></svg>')).toBe(120);
    // A 500 Hz ECG row keeps one point a pixel.
    const ecg = waveformStripSvg(
      'II',
      Array.from({ length: 3000 }, (_, i) => i % 7),
      500,
    )!;
    expect(isSafeWaveSvg(ecg)).toBe(true);
    expect(ecg.match(/L/g)!.length).toBeLessThan(600);
  });

  it('[MON19] scales a pleth from its own lowest to highest sample onto −50–150, and keeps CO2 absolute', () => {
    const svg = waveformStripSvg('pleth', [0, 4095], 100)!;
    // 4095 is the top of the range (y 0), 0 the bottom (y 120).
    expect(svg).toContain('M0.0 120.0 L1.0 0.0');
    const co2 = waveformStripSvg('etco2', [-100, 4100, 9999], 25)!;
    expect(co2).toContain('M0.0 120.0 L4.0 0.0 L8.0 0.0');
  });
});
