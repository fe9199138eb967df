import { SAVE_MESSAGES } from '@vigil/shared';
import type { SyncState } from './SyncProvider.js';

/**
 * The save message of spec 001 §8 for a sync state. `unknown` (never connected yet, or the
 * connection dropped before the first answer) reads as waiting to sync: the edits are safe on
 * the device and will go when the server answers.
 */
export function saveMessage(state: Pick<SyncState, 'status' | 'failures' | 'retryAt'>, now: number): string {
  switch (state.status) {
    case 'loading':
      return SAVE_MESSAGES.loading;
    case 'loadFailed':
      return SAVE_MESSAGES.loadFailed;
    case 'saving':
      return SAVE_MESSAGES.saving;
    case 'resyncing':
      return SAVE_MESSAGES.resyncing;
    case 'waitingToRetry': {
      const seconds = Math.max(0, Math.ceil(((state.retryAt ?? now) - now) / 1000));
      return state.failures > 1
        ? SAVE_MESSAGES.failedCountRetrying(state.failures, seconds)
        : SAVE_MESSAGES.failedRetrying(seconds);
    }
    case 'synced':
      return SAVE_MESSAGES.saved;
    case 'outOfSync':
    case 'unknown':
      return SAVE_MESSAGES.waitingToSync;
  }
}
