import { describe, expect, it } from 'vitest';
import type { Patient } from '@vigil/shared';
import { MemoryChangeBus } from '../store/changes/bus.js';
import { MemoryChangeStore } from '../store/changes/memory.js';
import { MemoryResourceStore } from '../store/resources/memory.js';
import { LiveEvents, type DeliveredEvent } from './live-events.js';
import { memoryFhirStores } from './memory-feed.js';

const patient = (id: string, family = 'Hart'): Patient & { id: string } => ({
  resourceType: 'Patient',
  id,
  name: [{ given: ['Amelia'], family }],
  birthDate: '2015-03-04',
});
const AT = '2026-11-21T10:00:00.000Z';

describe('LiveEvents, the change feed’s consumer for the SSE streams', () => {
  it("delivers to the organisation's listeners only, once committed, and stops after unsubscribe", async () => {
    const { store, events } = memoryFhirStores();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = events.subscribe('a', (e) => a.push(e.event.resourceId));
    events.subscribe('b', (e) => b.push(e.event.resourceId));
    await store.transaction(async () => {
      await store.write({ orgId: 'a', resource: patient('1') }, AT);
      expect(a).toEqual([]);
    });
    await store.write({ orgId: 'b', resource: patient('2') }, AT);
    stopA();
    await store.write({ orgId: 'a', resource: patient('3') }, AT);
    await expect(
      store.transaction(async () => {
        await store.write({ orgId: 'b', resource: patient('4') }, AT);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect([a, b, events.listenerCount('a'), events.listenerCount('b')]).toEqual([['1'], ['2'], 0, 1]);
  });

  it('announces each action with the search values and the resource as stored', async () => {
    const { store, events } = memoryFhirStores();
    const seen: DeliveredEvent[] = [];
    events.subscribe('a', (e) => seen.push(e));
    await store.write({ orgId: 'a', resource: patient('1') }, AT);
    await store.write({ orgId: 'a', resource: patient('1', 'Stone') }, AT);
    await store.delete('a', 'Patient', '1', AT);
    expect(seen.map((d) => d.event.action)).toEqual(['CreateResource', 'UpdateResource', 'DeleteResource']);
    expect(seen.map((d) => Number(d.id))).toEqual(seen.map((d) => d.seq));
    expect((JSON.parse(seen[1]!.event.resourcesJSON) as Patient[])[0]!.meta?.versionId).toBe('2');
    expect(seen[2]!.event.resourcesJSON).toBe('[]');
    expect(seen[2]!.event.filterData.name).toContain('stone');
  });

  it('replays what an organisation missed after a Last-Event-ID from the feed, in pages', async () => {
    const { store, events } = memoryFhirStores();
    const mark: DeliveredEvent[] = [];
    const stop = events.subscribe('a', (e) => mark.push(e));
    await store.write({ orgId: 'a', resource: patient('1') }, AT);
    stop();
    await store.write({ orgId: 'b', resource: patient('2') }, AT);
    await store.write({ orgId: 'a', resource: patient('3') }, AT);
    await store.write({ orgId: 'a', resource: patient('4') }, AT);
    const last = mark[0]!.id;
    expect((await events.since('a', last)).map((d) => d.event.resourceId)).toEqual(['3', '4']);
    expect((await events.since('a', last, 1)).map((d) => d.event.resourceId)).toEqual(['3']);
    expect((await events.since('b', last)).map((d) => d.event.resourceId)).toEqual(['2']);
    expect(JSON.parse((await events.since('a', last))[0]!.event.resourcesJSON)).toEqual([
      (await store.read('a', 'Patient', '3'))!.resource,
    ]);
    // An id of the in-memory replay before the feed (`{boot}.{seq}`), or none, replays nothing.
    expect(await events.since('a', 'mf3k2.1')).toEqual([]);
    expect(await events.since('a', undefined)).toEqual([]);
    // A stream resumes after an id the feed has reached; one beyond it (another database) starts afresh.
    expect(await events.resumeFrom(last)).toBe(Number(last));
    expect(await events.resumeFrom(String(Number(last) + 1000))).toBeNull();
    expect(await events.resumeFrom('mf3k2.1')).toBeNull();
  });

  it('reads the version when a change is announced without its resource (from another process)', async () => {
    const bus = new MemoryChangeBus();
    const changes = new MemoryChangeStore(bus);
    const store = new MemoryResourceStore(changes);
    const events = new LiveEvents({ changes, bus, resources: store });
    const seen: DeliveredEvent[] = [];
    events.subscribe('a', (e) => seen.push(e));
    await store.write({ orgId: 'a', resource: patient('1') }, AT);
    const [change] = await changes.read(0, 1);
    bus.publish({ change: change!, detail: {} });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]!.event.resourcesJSON).toBe(seen[0]!.event.resourcesJSON);
  });

  it('runs every registered closer on close', () => {
    const { events } = memoryFhirStores();
    let closed = 0;
    events.onClose(() => (closed += 1));
    const unregister = events.onClose(() => (closed += 10));
    unregister();
    events.close();
    expect(closed).toBe(1);
  });
});
