import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_REPLAY_SIZE, LiveEvents, type OrgLiveEvent } from './live-events.js';

const event = (orgId: string, resourceId: string): OrgLiveEvent => ({
  action: 'CreateResource',
  orgId,
  resourceId,
  resourceType: 'Patient',
  filterData: {},
  resourcesJSON: '[]',
});

describe('LiveEvents', () => {
  it("delivers to the organisation's listeners only, and stops after unsubscribe", () => {
    const bus = new LiveEvents();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = bus.subscribe('a', (e) => a.push(e.event.resourceId));
    bus.subscribe('b', (e) => b.push(e.event.resourceId));
    bus.publish(event('a', '1'));
    bus.publish(event('b', '2'));
    stopA();
    bus.publish(event('a', '3'));
    expect([a, b, bus.listenerCount('a'), bus.listenerCount('b')]).toEqual([['1'], ['2'], 0, 1]);
  });

  it('replays missed events of the same organisation after a Last-Event-ID of this boot', () => {
    const bus = new LiveEvents();
    bus.publish(event('a', '1'));
    const mark = `${bus.boot}.1`;
    bus.publish(event('b', '2'));
    bus.publish(event('a', '3'));
    expect(bus.since('a', mark).map((d) => d.event.resourceId)).toEqual(['3']);
    expect(bus.since('b', mark).map((d) => d.event.resourceId)).toEqual(['2']);
    expect(bus.since('a', 'otherboot.0')).toEqual([]);
    expect(bus.since('a', undefined)).toEqual([]);
  });

  it(`keeps the last ${LIVE_EVENT_REPLAY_SIZE} events for replay`, () => {
    const bus = new LiveEvents();
    for (let i = 0; i < LIVE_EVENT_REPLAY_SIZE + 5; i += 1) bus.publish(event('a', String(i)));
    expect(bus.since('a', `${bus.boot}.0`)).toHaveLength(LIVE_EVENT_REPLAY_SIZE);
  });

  it('runs every registered closer on close', () => {
    const bus = new LiveEvents();
    let closed = 0;
    bus.onClose(() => (closed += 1));
    const unregister = bus.onClose(() => (closed += 10));
    unregister();
    bus.close();
    expect(closed).toBe(1);
  });
});
