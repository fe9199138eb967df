import { describe, expect, it } from 'vitest';
import type { LiveVitalsEvent } from '@vigil/shared';
import { MemoryPubSubHub } from '../pubsub.js';
import { PubSubLiveVitalsBus } from './bus.js';

describe('the live bus across instances (issue 43)', () => {
  it('delivers an event to this instance’s listeners at once and to another instance’s once, never back', async () => {
    const hub = new MemoryPubSubHub();
    const a = new PubSubLiveVitalsBus(hub.connect(), 'test:live');
    const b = new PubSubLiveVitalsBus(hub.connect(), 'test:live');
    await Promise.all([a.ready, b.ready]);
    const onA: LiveVitalsEvent[] = [];
    const onB: LiveVitalsEvent[] = [];
    const otherOrg: LiveVitalsEvent[] = [];
    a.subscribe('org1', (e) => onA.push(e));
    b.subscribe('org1', (e) => onB.push(e));
    b.subscribe('org2', (e) => otherOrg.push(e));
    const event: LiveVitalsEvent = { action: 'remove', orgId: 'org1', caseId: 'c1' };
    a.publish(event);
    expect(onA).toEqual([event]);
    await new Promise((r) => setTimeout(r, 20));
    expect(onB).toEqual([event]);
    expect(onA).toHaveLength(1);
    expect(otherOrg).toEqual([]);
  });
});
