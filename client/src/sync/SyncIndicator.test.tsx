// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { SyncStatus } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseDocumentState } from './caseDocument.js';
import { SERVER_SAVE_TEXTS, serverSaveText, SyncIndicator } from './SyncIndicator.js';

afterEach(cleanup);

function stateWith(status: SyncStatus, extra: Partial<CaseDocumentState['sync']> = {}): CaseDocumentState {
  return {
    sync: { status, connection: 'connected', failures: 0, retryAt: null, refused: null, issues: [], ...extra },
    device: 'saved',
    deviceError: null,
    loadError: null,
    peers: [],
    schema: 'current',
  };
}

describe('the save status says whether the server has the case (issue 25)', () => {
  it.each([
    ['synced', SERVER_SAVE_TEXTS.saved],
    ['saving', SERVER_SAVE_TEXTS.notYet],
    ['outOfSync', SERVER_SAVE_TEXTS.notYet],
    ['unknown', SERVER_SAVE_TEXTS.notYet],
    ['waitingToRetry', SERVER_SAVE_TEXTS.notYet],
    ['resyncing', SERVER_SAVE_TEXTS.notYet],
    ['loading', null],
    ['loadFailed', null],
  ] as const)('%s → %s', (status, text) => {
    expect(serverSaveText({ status, refused: null })).toBe(text);
  });

  it('says nothing of the server while it refuses writes (the refusal says so)', () => {
    expect(serverSaveText({ status: 'outOfSync', refused: 'FINALIZED' })).toBeNull();
    expect(serverSaveText({ status: 'synced', refused: 'UPDATE_TOO_LARGE' })).toBeNull();
  });

  it("says a finalized case whose copy here is the server's is saved to the server", () => {
    expect(serverSaveText({ status: 'synced', refused: 'FINALIZED' })).toBe(SERVER_SAVE_TEXTS.saved);
  });

  it('shows "saved", saved on this device and saved to the server once the server acknowledged the same hash', () => {
    render(
      <MantineProvider>
        <SyncIndicator state={stateWith('synced')} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('save-status').textContent).toBe('saved');
    expect(screen.getByTestId('device-status').textContent).toBe('Saved on this device');
    expect(screen.getByTestId('server-status').textContent).toBe('Saved to the server');
  });

  it('offline with edits on the device only: the device has them, the server does not yet', () => {
    render(
      <MantineProvider>
        <SyncIndicator state={stateWith('outOfSync', { connection: 'offline' })} />
      </MantineProvider>,
    );
    // Spec 001 §8's message stays as written.
    expect(screen.getByTestId('save-status').textContent).toBe('waiting to sync with the server...');
    expect(screen.getByTestId('device-status').textContent).toBe('Saved on this device');
    expect(screen.getByTestId('server-status').textContent).toBe('Not yet saved to the server');
  });
});
