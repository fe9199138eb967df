import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '@vigil/shared';
import { saveMessage } from './saveMessage.js';

const at = (status: SyncStatus, failures = 0, retryAt: number | null = null): Parameters<typeof saveMessage>[0] => ({
  status,
  failures,
  retryAt,
});

describe('save messages (spec 001 §8)', () => {
  it.each([
    ['loading', 'loading...'],
    ['loadFailed', 'failed to load'],
    ['saving', 'saving...'],
    ['resyncing', 'attempting to resync...'],
    ['synced', 'saved'],
    ['outOfSync', 'waiting to sync with the server...'],
    ['unknown', 'waiting to sync with the server...'],
  ] as const)('%s reads "%s"', (status, text) => {
    expect(saveMessage(at(status), 0)).toBe(text);
  });

  it('counts down the 10 s retry after the first failure', () => {
    // Retry due 10 s after the failure; 2.5 s later, 7.5 s are left: shown rounded up as 8s.
    expect(saveMessage(at('waitingToRetry', 1, 10_000), 2_500)).toBe('failed to save, retrying in 8s');
  });

  it('says how many times it failed after the second failure', () => {
    expect(saveMessage(at('waitingToRetry', 3, 10_000), 0)).toBe('failed 3x, retrying in 10s');
  });

  it('never counts below zero seconds', () => {
    expect(saveMessage(at('waitingToRetry', 2, 1_000), 5_000)).toBe('failed 2x, retrying in 0s');
  });
});
