import type { Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { newResourceId, queueChange, replayable, replayOutcome, type OutboxEntry } from './db.js';

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
