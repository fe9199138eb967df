import type { Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { liveCacheChange, newResourceId, queueChange, replayable, replayOutcome, type OutboxEntry } from './db.js';

const patient = (id: string, family: string): Patient => ({ resourceType: 'Patient', id, name: [{ family }] });

function entry(seq: number, id: string, status: OutboxEntry['status'] = 'pending'): OutboxEntry {
  return {
    seq,
    orgId: 'o',
    op: 'update',
    resourceType: 'Patient',
    id,
    resource: patient(id, `v${seq}`),
    baseVersion: '1',
    status,
    error: null,
    messages: [],
    createdAt: seq,
  };
}

describe('outbox replay order', () => {
  it('sends pending entries oldest first', () => {
    expect(replayable([entry(3, 'c'), entry(1, 'a'), entry(2, 'b')]).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('holds back later changes of a resource whose earlier change is a conflict, and sends the others', () => {
    const out = replayable([entry(1, 'a', 'conflict'), entry(2, 'a'), entry(3, 'b'), entry(4, 'c', 'failed')]);
    expect(out.map((e) => e.seq)).toEqual([3]);
  });
});

describe('what a failed replay does', () => {
  it.each([
    ['NETWORK_ERROR', 'stop'],
    ['NO_AUTHENTICATION', 'stop'],
    ['NOT_AUTHORIZED', 'stop'],
    ['SUDO_REQUIRED', 'stop'],
    ['CONFLICT', 'conflict'],
    ['REQUEST_ERROR_400', 'failed'],
    ['REQUEST_ERROR_423', 'failed'],
  ])('%s → %s', (code, outcome) => {
    expect(replayOutcome(code)).toBe(outcome);
  });
});

describe('queueing a change', () => {
  const change = {
    orgId: 'o',
    op: 'update' as const,
    resourceType: 'Patient' as const,
    id: 'a',
    resource: patient('a', 'newest'),
    baseVersion: '7',
    createdAt: 10,
  };

  it('folds a change into the pending entry of the same resource, keeping its kind and base version', () => {
    const created = { ...entry(1, 'a'), op: 'create' as const, baseVersion: null };
    const queued = queueChange([created], change);
    expect(queued).toEqual({ replace: { ...created, resource: patient('a', 'newest') } });
  });

  it('never folds into a conflict: the new change waits behind it', () => {
    const queued = queueChange([entry(1, 'a', 'conflict')], change);
    expect(queued).toEqual({ add: { ...change, status: 'pending', error: null, messages: [] } });
  });

  it('adds a new entry for a resource with nothing queued', () => {
    expect('add' in queueChange([entry(1, 'b')], change)).toBe(true);
  });
});

describe('device ids', () => {
  it('gives a new patient a pat- id like the server does', () => {
    expect(newResourceId('Patient')).toMatch(/^pat-[a-z0-9]{14}$/);
    expect(newResourceId('Patient')).not.toBe(newResourceId('Patient'));
  });
});

describe('live org events (spec 002 §4)', () => {
  const event = (action: string, resources: unknown[] = [patient('pat-1', 'Live')], orgId = 'o'): string =>
    JSON.stringify({
      action,
      orgId,
      resourceId: 'pat-1',
      resourceType: 'Patient',
      filterData: {},
      resourcesJSON: JSON.stringify(resources),
    });

  it('stores a created resource, known or not', () => {
    expect(liveCacheChange('o', event('CreateResource'), false)).toEqual({
      kind: 'put',
      resource: patient('pat-1', 'Live'),
    });
  });

  it('fetches a created resource the event does not carry', () => {
    expect(liveCacheChange('o', event('CreateResource', []), false)).toEqual({
      kind: 'fetch',
      resourceType: 'Patient',
      id: 'pat-1',
    });
  });

  it('refreshes only a resource already known on an update', () => {
    expect(liveCacheChange('o', event('UpdateResource'), true)).toMatchObject({ kind: 'put' });
    expect(liveCacheChange('o', event('UpdateResource'), false)).toEqual({ kind: 'none' });
  });

  it('removes a known resource on a delete, and ignores an unknown one', () => {
    expect(liveCacheChange('o', event('DeleteResource', []), true)).toEqual({
      kind: 'delete',
      resourceType: 'Patient',
      id: 'pat-1',
    });
    expect(liveCacheChange('o', event('DeleteResource', []), false)).toEqual({ kind: 'none' });
  });

  it('applies only the resource types asked for (the case screen: Contract and Appointment)', () => {
    const wanted = new Set(['Contract', 'Appointment']);
    expect(liveCacheChange('o', event('CreateResource'), false, wanted)).toEqual({ kind: 'none' });
    expect(liveCacheChange('o', event('CreateResource'), false, new Set(['Patient']))).toMatchObject({ kind: 'put' });
  });

  it("ignores another organisation's event and an unparseable message", () => {
    expect(liveCacheChange('o', event('CreateResource', undefined, 'other'), false)).toEqual({ kind: 'none' });
    expect(liveCacheChange('o', 'not json', true)).toEqual({ kind: 'none' });
  });
});
