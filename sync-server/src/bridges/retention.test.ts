import { describe, expect, it } from 'vitest';
import { MemoryBridgeStore } from '../store/bridges/memory.js';
import { BRIDGE_READING_RETENTION_MS, startBridgeReadingPruner } from './retention.js';

describe('the retention of the bridges’ taken reading ids (issue 38)', () => {
  it('forgets the ids taken longer ago than the retention when the server starts, keeping the rest', async () => {
    const store = new MemoryBridgeStore();
    const now = Date.UTC(2026, 10, 28, 10);
    await store.addPairingCode({
      ...{ codeHash: 'c1', orgId: 'office', location: 'Operatory 1' },
      ...{ createdBy: 'u-admin', createdAt: now - 2 * BRIDGE_READING_RETENTION_MS, expiresAt: now },
    });
    await store.pair('c1', now - 2 * BRIDGE_READING_RETENTION_MS, { id: 'b1', name: 'Bridge', secretHash: 'h' });
    await store.markSeen('b1', ['old'], now - BRIDGE_READING_RETENTION_MS - 1);
    await store.markSeen('b1', ['kept'], now - BRIDGE_READING_RETENTION_MS + 1);
    await store.markSeen('b1', ['new'], now);
    const pruner = startBridgeReadingPruner(store, () => now, { warn: () => undefined });
    await pruner.stop();
    expect(await store.unseen('b1', ['old', 'kept', 'new'])).toEqual(['old']);
  });

  it('logs a prune that fails and keeps running', async () => {
    const warned: string[] = [];
    const pruner = startBridgeReadingPruner(
      { pruneReadings: () => Promise.reject(new Error('database closed')) },
      () => 0,
      { warn: (_obj, msg) => warned.push(msg) },
    );
    await pruner.stop();
    expect(warned).toEqual(['could not prune the bridges’ taken readings']);
  });
});
