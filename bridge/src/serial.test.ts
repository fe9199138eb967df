import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NONIN_FORMAT2, noninFormat2Bytes, type MonitorReading, type WaveformSamples } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { openSerial, type SerialSource } from './serial.js';

const opened: SerialSource[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file holding what a monitor wrote (`file:` reads it as the pseudo-terminal the simulator writes to). */
function written(bytes: readonly number[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-serial-'));
  dirs.push(dir);
  const file = path.join(dir, 'monitor');
  writeFileSync(file, Uint8Array.from(bytes));
  return `file:${file}`;
}

describe('a serial monitor read by the bridge (issue 38)', () => {
  it('relays the pleth a Nonin in data format 2 streams with its readings, samples in order at 75 Hz', async () => {
    // Three packets (25 samples each): a rising then falling pulse, HR 72 and SpO2 97 in every packet.
    const pleth = Array.from({ length: 75 }, (_, i) => 100 + Math.round(60 * Math.sin((i / 75) * 2 * Math.PI)));
    const readings: MonitorReading[] = [];
    const waves: WaveformSamples[] = [];
    const source = await openSerial(
      { path: written(noninFormat2Bytes(pleth, { hr: 72, spo2: 97 })), protocol: 'noninPleth', now: () => 1_000 },
      (r) => readings.push(r),
      () => undefined,
      (w) => waves.push(...w),
    );
    opened.push(source);
    await expect.poll(() => waves.flatMap((w) => w.values).length).toBe(75);
    expect(waves.every((w) => w.type === 'pleth' && w.sampleRateHz === NONIN_FORMAT2.sampleRateHz)).toBe(true);
    expect(waves.flatMap((w) => w.values)).toEqual(pleth);
    expect(readings.length).toBeGreaterThanOrEqual(1);
    expect(readings.at(-1)!.vitals.hr?.value).toBe(72);
    expect(readings.at(-1)!.vitals.spo2?.value).toBe(97);
  });

  it('gives no waves for a monitor whose protocol has none (Nonin real-time ASCII)', async () => {
    const waves: WaveformSamples[] = [];
    const readings: MonitorReading[] = [];
    const text = 'SPO2=097 HR=072\r\nSPO2=096 HR=071\r\n';
    const source = await openSerial(
      { path: written([...Buffer.from(text, 'latin1')]), protocol: 'nonin', now: () => 1_000 },
      (r) => readings.push(r),
      () => undefined,
      (w) => waves.push(...w),
    );
    opened.push(source);
    await expect.poll(() => readings.length).toBe(2);
    expect(waves).toEqual([]);
  });
});
