import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBuffer } from './buffer.js';
import type { BridgeReading } from './types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const folder = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'vigil-buffer-'));
  dirs.push(d);
  return d;
};
const reading = (n: number): BridgeReading => ({
  id: `r${n}`,
  monitorKey: 'hl7:GE',
  receivedAt: 1000 * n,
  vitals: { hr: { value: 60 + n, time: 1000 * n, status: 'connected' } },
});

describe('the bridge’s disk buffer', () => {
  it('gives readings back in the order written, and after a restart only those not taken', () => {
    const dir = folder();
    const buffer = new DiskBuffer(dir);
    for (let n = 1; n <= 5; n++) buffer.append(reading(n));
    expect(buffer.peek(2).map((r) => r.id)).toEqual(['r1', 'r2']);
    buffer.taken(2);
    expect(buffer.length).toBe(3);
    const restarted = new DiskBuffer(dir);
    expect(restarted.peek(10)).toEqual([reading(3), reading(4), reading(5)]);
    restarted.taken(1);
    expect(new DiskBuffer(dir).peek(10).map((r) => r.id)).toEqual(['r4', 'r5']);
  });

  it('keeps the log append-only: taking readings moves the cursor, not the file', () => {
    const dir = folder();
    const buffer = new DiskBuffer(dir);
    buffer.append(reading(1));
    buffer.append(reading(2));
    const size = statSync(path.join(dir, 'readings.log')).size;
    buffer.taken(2);
    expect(statSync(path.join(dir, 'readings.log')).size).toBe(size);
    expect(Number(readFileSync(path.join(dir, 'readings.cursor'), 'utf8'))).toBe(size);
    expect(new DiskBuffer(dir).length).toBe(0);
  });

  it('drops a line cut by a crash while it was written, and keeps every whole line', () => {
    const dir = folder();
    const buffer = new DiskBuffer(dir);
    buffer.append(reading(1));
    appendFileSync(path.join(dir, 'readings.log'), '{"id":"r2","monitorKey":"hl7');
    const restarted = new DiskBuffer(dir);
    expect(restarted.peek(10).map((r) => r.id)).toEqual(['r1']);
  });
});
