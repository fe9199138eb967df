import { readFileSync } from 'node:fs';

/** The `some … total=` of a Linux PSI file: microseconds in which at least one task waited. */
export function someStallMicros(psi: string): number | null {
  const match = /^some .*\btotal=(\d+)$/m.exec(psi);
  return match ? Number(match[1]) : null;
}

/**
 * Measures CPU pressure over a stretch of the bench (Linux PSI, /proc/pressure/cpu): the share
 * of wall time in which some task waited for a CPU. On a shared 2-core machine it says how
 * contended the stretch was, the bench's own browser and server included; its figures move
 * with it. `stop` returns null where the kernel has no PSI.
 */
export function cpuPressure(read: () => string = () => readFileSync('/proc/pressure/cpu', 'utf8')): {
  stop: () => number | null;
} {
  const stalled = (): number | null => {
    try {
      return someStallMicros(read());
    } catch {
      return null;
    }
  };
  const start = { stall: stalled(), at: performance.now() };
  return {
    stop: () => {
      const stall = stalled();
      const wallMicros = (performance.now() - start.at) * 1000;
      if (start.stall == null || stall == null || wallMicros <= 0) return null;
      return Math.min(1, (stall - start.stall) / wallMicros);
    },
  };
}
