import { describe, expect, it } from 'vitest';
import { MemoryBridgeStore } from '../store/bridges/memory.js';
import { DEMO_BRIDGE_ID, seedDemoBridge } from './demo.js';

describe('the demo bridge (issue 38)', () => {
  it('is paired once to the demo office with its two monitors; seeding again changes nothing', async () => {
    const bridges = new MemoryBridgeStore();
    const now = new Date('2027-01-05T15:00:00Z');
    await seedDemoBridge({ bridges }, 'office', now, { userId: 'usr-demo' });
    const first = await bridges.list('office');
    await seedDemoBridge({ bridges }, 'office', new Date('2027-01-06T15:00:00Z'), { userId: 'usr-demo' });
    expect(await bridges.list('office')).toEqual(first);
    expect(first).toEqual([
      expect.objectContaining({ id: DEMO_BRIDGE_ID, location: 'Operatory 1', pairedBy: 'usr-demo', revokedAt: null }),
    ]);
    expect((await bridges.monitors([DEMO_BRIDGE_ID])).map((m) => `${m.label} (${m.protocol})`)).toEqual([
      'Operatory 1 monitor (hl7)',
      'Operatory 1 oximeter (nonin)',
    ]);
  });
});
