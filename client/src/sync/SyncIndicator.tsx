import { Badge, Group, Stack, Text } from '@mantine/core';
import { REFUSAL_REASONS } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import type { SyncedDocumentState } from './syncedDocument.js';
import { saveMessage } from './saveMessage.js';

const COLOURS = {
  synced: 'green',
  saving: 'blue',
  loading: 'gray',
  resyncing: 'yellow',
  outOfSync: 'yellow',
  waitingToRetry: 'orange',
  loadFailed: 'red',
  unknown: 'gray',
} as const;

function connectionText(state: SyncedDocumentState, noun: string): string | null {
  switch (state.sync.connection) {
    case 'signedOut':
      return 'Signed out: sign in again to sync. Your charting is kept on this device.';
    case 'forbidden':
      return `This account cannot sync this ${noun}.`;
    case 'offline':
      return 'Offline: charting is kept on this device.';
    case 'connecting':
    case 'connected':
      return null;
  }
}

/** Whether the server holds the case: the texts beside the device save (issue 25). */
export const SERVER_SAVE_TEXTS = {
  saved: 'Saved to the server',
  notYet: 'Not yet saved to the server',
} as const;

/**
 * Whether the server has every edit: only an acknowledged save whose server hash equals this
 * device's (status `synced`, spec 001 §4) counts. Null while the case loads, failed to load or the
 * server refuses writes (those say so themselves) — except a finalized case whose copy here is the
 * server's (still `synced`): the server holds the signed record, and the header says so.
 */
export function serverSaveText(sync: Pick<SyncedDocumentState['sync'], 'status' | 'refused'>): string | null {
  if (sync.refused)
    return sync.refused === REFUSAL_REASONS.FINALIZED && sync.status === 'synced' ? SERVER_SAVE_TEXTS.saved : null;
  switch (sync.status) {
    case 'synced':
      return SERVER_SAVE_TEXTS.saved;
    case 'loading':
    case 'loadFailed':
      return null;
    case 'saving':
    case 'resyncing':
    case 'waitingToRetry':
    case 'outOfSync':
    case 'unknown':
      return SERVER_SAVE_TEXTS.notYet;
  }
}

/** Why a document (a case, a health history) has nothing to show while its status is `loadFailed` (spec 001 §4, §8). */
export function loadErrorTexts(noun: string): Record<'localUnavailable' | 'noRemoteData', string> {
  return {
    localUnavailable: `This device cannot open its copy of the ${noun}. Loading it from the server…`,
    noRemoteData: `The ${noun} cannot be loaded: this device cannot store it and the server cannot be reached. Try again when online.`,
  };
}

/** Why the case has nothing to show while its status is `loadFailed` (spec 001 §4, §8). */
export const LOAD_ERROR_TEXTS = loadErrorTexts('case');

export interface SyncIndicatorProps {
  state: SyncedDocumentState;
  /** What the document is called in the texts ('case', 'health history'). */
  noun?: string;
}

/**
 * The save indicator of a synced document (the case header's, the health history editor's): the save message of spec 001 §8, whether this device holds
 * every edit, whether the server does (issue 25: "saved on this device" alone read as if the
 * server had it), and why syncing is paused (offline, signed out, refused).
 */
export function SyncIndicator({ state, noun = 'case' }: SyncIndicatorProps): ReactNode {
  const [now, setNow] = useState(() => Date.now());
  const counting = state.sync.status === 'waitingToRetry';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  const connection = connectionText(state, noun);
  const server = serverSaveText(state.sync);
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" aria-label="Save status">
      <Badge
        color={COLOURS[state.sync.status]}
        variant="light"
        size="md"
        data-testid="save-status"
        style={{ flex: 'none' }}
      >
        {saveMessage(state.sync, counting ? now : Date.now())}
      </Badge>
      {/* The details one under the other, in small type: the case header keeps to two rows on a tablet. */}
      <Stack gap={0} maw={320} fz="xs" lh={1.3}>
        {state.device === 'saved' && (
          <Text inherit c="gray.7" data-testid="device-status" title="Every edit is stored on this device">
            Saved on this device
          </Text>
        )}
        {server && (
          <Text
            inherit
            c={server === SERVER_SAVE_TEXTS.saved ? 'gray.7' : 'orange.9'}
            fw={server === SERVER_SAVE_TEXTS.saved ? undefined : 600}
            data-testid="server-status"
          >
            {server}
          </Text>
        )}
        {state.loadError && (
          <Text inherit c="red.8" data-testid="load-error">
            {(noun === 'case' ? LOAD_ERROR_TEXTS : loadErrorTexts(noun))[state.loadError]}
          </Text>
        )}
        {state.device === 'unavailable' && (
          <Text inherit c="red.8" data-testid="device-status">
            Not stored on this device: {state.deviceError} Edits are saved to the server only; keep this page open until
            it shows &lsquo;saved&rsquo;.
          </Text>
        )}
        {state.device === 'failed' && (
          <Text inherit c="red.8" data-testid="device-status">
            Not saved on this device: {state.deviceError} Retrying.
          </Text>
        )}
        {connection && (
          <Text inherit c="gray.7" data-testid="connection-status">
            {connection}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
