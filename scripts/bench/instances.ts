import { openRig, probeRigs, type LatencyConfig } from './latency.js';
import type { ResultRow, Section } from './report-types.js';
import { DATABASE, startInstancePair, type BenchServer } from './servers.js';
import type { Quantiles } from './stats.js';

/** The project's Redis (every machine of the project runs one; the tests' variable points elsewhere). */
export const REDIS_URL = process.env.VIGIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What a pair of instances is started with: the project's Redis, under a prefix of this run's own. */
export function instanceEnv(): Record<string, string> {
  return { REDIS_URL, REDIS_PREFIX: `vigil-bench:${process.pid}:${Date.now()}:` };
}

/**
 * Stops the instances over one data directory: `others` first, then `first`, the one whose
 * directory (and PostgreSQL database) it is, which disposing deletes.
 */
export async function disposeInstances(first: BenchServer | null, ...others: (BenchServer | null)[]): Promise<void> {
  for (const other of others) await other?.stop();
  await first?.dispose();
}

/** Live cases for the two-instance probe: as many as the one-instance latency section's largest run. */
export const INSTANCES_CONFIG = {
  cases: 200,
  tabletsPerCase: 3,
  probes: 1000,
  warmupProbes: 100,
} satisfies LatencyConfig;

/**
 * Issue 43: tablet → server → tablet latency when the two tablets of a case sit on different
 * instances (the update relayed through Redis), against both on one instance, probed in turns on
 * the same two running instances (one database, one Redis), so the machine's noise hits both alike.
 */
export async function instancesSection(): Promise<Section> {
  const config = INSTANCES_CONFIG;
  const notes: string[] = [];
  let pair: [BenchServer, BenchServer] | null = null;
  let results: Quantiles[] | null = null;
  try {
    pair = await startInstancePair(instanceEnv());
    const [a, b] = pair;
    const cross = await openRig([a, b], config, 'cross');
    const same = await openRig(a, config, 'same');
    results = await probeRigs([cross, same], config);
    await Promise.all([cross.close(), same.close()]);
  } catch (err) {
    notes.push(`failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    // The second instance first: disposing the first deletes the data directory they share.
    await disposeInstances(pair?.[0] ?? null, pair?.[1] ?? null);
  }
  const [cross, same] = results ?? [null, null];
  const row = (q: 'p50' | 'p99'): ResultRow => ({
    label: `${config.cases} live cases: ${q}, tablets on two instances (reference: on one)`,
    unit: 'ms',
    ours: cross?.[q] ?? null,
    reference: same?.[q] ?? null,
    ...(q === 'p99'
      ? { goal: { text: '≤ 2× one instance', met: cross != null && same != null && cross.p99 <= 2 * same.p99 } }
      : {}),
  });
  return {
    title: `Two instances on ${DATABASE}: tablet → server → tablet latency across instances (issue 43)`,
    setup:
      `Two processes of our server over one ${DATABASE} database and one Redis (REDIS_URL), ${config.cases} live cases ` +
      `of ${config.tabletsPerCase} tablets charting vitals at the real pace, twice: once with each case's tablets ` +
      'alternating between the instances (the probing tablet on the first, the observing one on the second: ' +
      'every probe crosses Redis), once with all of them on the first. A probe: the first tablet charts a ' +
      `vitals record, timed until the second applied it; ${config.probes} probes after ${config.warmupProbes} ` +
      'warm-up ones, alternating between the two sets of cases.',
    rows: [row('p50'), row('p99')],
    notes,
  };
}
