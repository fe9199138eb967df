/** How the server's services are closed (split from services.ts buildServices, under its size bounds). */

/** What closing the services stops, each once, in order. */
export interface Closable {
  billing: { stop(): Promise<void> };
  rooms: { close(): Promise<void> };
  /** The Composition projections the rooms started, the last ones at their close; they encode in caseChecker. */
  projector: { idle(): Promise<void> };
  caseChecker: { close(): Promise<void> };
  printer: { close(): Promise<void> };
  auditSealer: { stop(): Promise<void> };
  changePruner: { stop(): Promise<void> };
  /** The bridges' taken reading ids' pruner (bridges/retention.ts). */
  readingPruner: { stop(): Promise<void> };
  analytics: { stop(): Promise<void> };
  webhooks: { stop(): Promise<void> };
  emrWriteBacks: { stop(): Promise<void> };
  changeBus: { close?: () => void };
  /** The accounts side's own connections (the rate limit's Redis). */
  accountParts: { close(): void };
  /** The database (the SQLite file or the PostgreSQL pool), closed last. */
  storage: { close(): Promise<void> };
  /** The links between instances (REDIS_URL), closed after everything that publishes on them. */
  instances: { close(): void } | null;
}

/**
 * Services.close: stops taking work (billing, the rooms, their last projections), waits for the requests in flight
 * (`drained`) and the printer, then the feed's writers and readers, the bus that announces it and
 * the database. Called again, answers the first close.
 */
export function closerOf(p: Closable): (drained?: () => Promise<void>) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (drained: () => Promise<void> = () => Promise.resolve()): Promise<void> => {
    closing ??= (async () => {
      await p.billing.stop();
      await p.rooms.close();
      // The rooms project what they hold as they close; those projections encode in the case
      // checker's worker, so they end before it does.
      await p.projector.idle();
      void p.caseChecker.close();
      const printerClosed = p.printer.close();
      await drained();
      await printerClosed;
      await Promise.all([
        p.auditSealer.stop(),
        p.changePruner.stop(),
        p.readingPruner.stop(),
        p.analytics.stop(),
        p.webhooks.stop(),
        p.emrWriteBacks.stop(),
      ]);
      p.changeBus.close?.();
      p.accountParts.close();
      p.instances?.close();
      await p.storage.close();
    })();
    return closing;
  };
}
