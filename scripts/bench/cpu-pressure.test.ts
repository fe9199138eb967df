import { describe, expect, it, vi } from 'vitest';
import { cpuPressure, someStallMicros } from './cpu-pressure.js';

const psi = (total: number): string =>
  `some avg10=14.40 avg60=17.55 avg300=32.17 total=${total}\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n`;

describe('cpu pressure', () => {
  it("reads the 'some' line's total, not the 'full' one", () => {
    expect(someStallMicros(psi(6_724_193_939))).toBe(6_724_193_939);
    expect(someStallMicros('full avg10=0.00 avg60=0.00 avg300=0.00 total=5\n')).toBeNull();
  });

  it('gives the share of wall time some task waited, over the stretch measured', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      let total = 1_000_000;
      const pressure = cpuPressure(() => psi(total));
      vi.advanceTimersByTime(2_000); // 2 s of wall time…
      total += 500_000; // …in which tasks waited 0.5 s
      expect(pressure.stop()).toBeCloseTo(0.25, 5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives nothing where the kernel has no PSI', () => {
    const pressure = cpuPressure(() => {
      throw new Error('ENOENT');
    });
    expect(pressure.stop()).toBeNull();
  });
});
