import { CASE_ROOT } from '@vigil/shared';
import type { BenchServer } from './servers.js';
import { inBatches, quantiles, sleep, type Quantiles } from './stats.js';
import { Tablet } from './tablet.js';
import { caseDoc, caseEdits, chart, VITALS_INTERVAL_S, type CaseEdit } from './workload.js';

export interface LatencyConfig {
  cases: number;
  tabletsPerCase: number;
  probes: number;
  warmupProbes: number;
}

/** Root key the probing tablet sets with each probe's number, beside a vitals record. */
const PROBE_KEY = 'benchProbe';

export interface LiveCase {
  tablets: Tablet[];
  /** Resolves the probe the observing tablet is waiting for. */
  awaiting: { probe: number; resolve: () => void } | null;
}

/** A case's tablets, tablet i on `servers[i % servers.length]` (so with two, the probe crosses instances). */
async function openCase(servers: readonly BenchServer[], name: string, tablets: number): Promise<LiveCase> {
  const live: LiveCase = { tablets: [], awaiting: null };
  live.tablets = Array.from(
    { length: tablets },
    (_, i) => new Tablet((servers[i % servers.length] as BenchServer).roomUrl(name), caseDoc()),
  );
  await Promise.all(live.tablets.map((t) => t.connect()));
  const observer = live.tablets[1]?.doc.getMap(CASE_ROOT);
  observer?.observe((event) => {
    if (live.awaiting && event.keysChanged.has(PROBE_KEY) && observer.get(PROBE_KEY) === live.awaiting.probe) {
      live.awaiting.resolve();
    }
  });
  return live;
}

/** Charts vitals on every case at the real pace (one per case every 5 s), from the tablets 2 and up. */
function backgroundCharting(cases: readonly LiveCase[]): () => void {
  const edits = caseEdits(1).filter((e) => e.kind === 'vitals');
  let tick = 0;
  const timer = setInterval(
    () => {
      const live = cases[tick % cases.length];
      const tablet = live?.tablets[2 + (tick % Math.max(1, live.tablets.length - 2))];
      if (tablet) chart(tablet.doc, edits[tick % edits.length] as CaseEdit);
      tick += 1;
    },
    (VITALS_INTERVAL_S * 1000) / cases.length,
  );
  return () => clearInterval(timer);
}

function probe(live: LiveCase, n: number, edit: CaseEdit): Promise<number> {
  const author = live.tablets[0] as Tablet;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`probe ${n} not observed in 10 s`)), 10_000);
    const start = performance.now();
    live.awaiting = {
      probe: n,
      resolve: () => {
        clearTimeout(timer);
        live.awaiting = null;
        resolve(performance.now() - start);
      },
    };
    author.doc.transact(() => {
      chart(author.doc, edit);
      author.doc.getMap(CASE_ROOT).set(PROBE_KEY, n);
    });
  });
}

/** Live cases on one server, charting in the background, ready to be probed. */
export interface LatencyRig {
  cases: LiveCase[];
  edits: CaseEdit[];
  samples: number[];
  close(): Promise<void>;
}

/**
 * Opens `cases` live cases of `tabletsPerCase` tablets each on a server (or spread over several
 * instances of one, tablet by tablet), all charting vitals at the real pace (one per case every 5 s).
 */
export async function openRig(
  server: BenchServer | readonly BenchServer[],
  config: LatencyConfig,
  prefix = 'latency',
): Promise<LatencyRig> {
  const servers = Array.isArray(server) ? server : [server as BenchServer];
  const names = Array.from({ length: config.cases }, (_, i) => `${prefix}-${config.cases}-${i}`);
  const cases = await inBatches(names, 20, (name) => openCase(servers, name, config.tabletsPerCase));
  const stopCharting = backgroundCharting(cases);
  return {
    cases,
    edits: caseEdits(1, 7).filter((e) => e.kind === 'vitals'),
    samples: [],
    close: async () => {
      stopCharting();
      await Promise.all(cases.flatMap((c) => c.tablets.map((t) => t.destroy())));
      for (const c of cases) for (const t of c.tablets) t.doc.destroy();
    },
  };
}

/**
 * Tablet → server → tablet latency: one tablet of a case (round robin) charts a vitals record
 * and we time until another tablet of that case has applied it. Probes run one at a time,
 * alternating between the rigs (servers), so both see the same conditions on this machine.
 */
export async function probeRigs(rigs: readonly LatencyRig[], config: LatencyConfig): Promise<Quantiles[]> {
  for (let n = 0; n < config.warmupProbes + config.probes; n++) {
    for (const rig of rigs) {
      const live = rig.cases[n % rig.cases.length] as LiveCase;
      const ms = await probe(live, n, rig.edits[n % rig.edits.length] as CaseEdit);
      if (n >= config.warmupProbes) rig.samples.push(ms);
      await sleep(1);
    }
  }
  return rigs.map((rig) => quantiles(rig.samples));
}
