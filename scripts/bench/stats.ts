/** The value below which `p` (0–100) percent of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export interface Quantiles {
  p50: number;
  p99: number;
  count: number;
}

export function quantiles(samples: readonly number[]): Quantiles {
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), count: samples.length };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `task` over `items` with at most `limit` running at a time; results in input order. */
export async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Resolves once `check` is true, polling every `stepMs`; rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number, stepMs = 5): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}
