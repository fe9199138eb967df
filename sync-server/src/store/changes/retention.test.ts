import { describe, expect, it } from 'vitest';
import { MemoryChangeStore } from './memory.js';
import { CHANGE_RETENTION_MS, startChangePruner } from './retention.js';

describe('the change feed’s retention', () => {
  it('prunes what is older than the retention window when the server starts, keeping the rest', async () => {
    const changes = new MemoryChangeStore();
    const now = Date.UTC(2026, 10, 28, 10);
    await changes.transaction(async () => {
      for (const at of [now - CHANGE_RETENTION_MS - 1, now - CHANGE_RETENTION_MS + 1, now]) {
        await changes.append({ kind: 'policy.deleted', at, orgId: 'a', payload: { policyId: String(at) } });
      }
    });
    const pruner = startChangePruner(changes, () => now, { warn: () => undefined });
    await pruner.stop();
    expect((await changes.read(0, 10)).map((c) => c.at)).toEqual([now - CHANGE_RETENTION_MS + 1, now]);
  });
});
