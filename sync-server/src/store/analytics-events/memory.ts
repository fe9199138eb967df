import type { AnalyticsEventRecord, AnalyticsEventStore } from './types.js';

/** The analytics events in memory (the contract suite's second implementation beside SQLite; issue 43). */
export class MemoryAnalyticsEventStore implements AnalyticsEventStore {
  private readonly events: AnalyticsEventRecord[] = [];

  record(e: AnalyticsEventRecord): Promise<void> {
    this.events.push({ ...e });
    return Promise.resolve();
  }

  since(since: number, limit: number): Promise<AnalyticsEventRecord[]> {
    // A stable sort: equal times stay in the order recorded.
    const found = this.events.filter((e) => e.at >= since).sort((a, b) => a.at - b.at);
    return Promise.resolve(found.slice(0, limit).map((e) => ({ ...e })));
  }
}
