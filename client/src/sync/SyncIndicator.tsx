import { Badge, Group, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { CaseDocumentState } from './caseDocument.js';
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

function connectionText(state: CaseDocumentState): string | null {
  switch (state.sync.connection) {
    case 'signedOut':
      return 'Signed out: sign in again to sync. Your charting is kept on this device.';
    case 'forbidden':
      return 'This account cannot sync this case.';
    case 'offline':
      return 'Offline: charting is kept on this device.';
    case 'connecting':
    case 'connected':
      return null;
  }
}

/** Why the case has nothing to show while its status is `loadFailed` (spec 001 §4, §8). */
export const LOAD_ERROR_TEXTS = {
  localUnavailable: 'This device cannot open its copy of the case. Loading it from the server…',
  noRemoteData:
    'The case cannot be loaded: this device cannot store it and the server cannot be reached. Try again when online.',
} as const;

/**
 * The case header's save indicator: the save message of spec 001 §8, whether this device holds
 * every edit, and why syncing is paused (offline, signed out, refused).
 */
export function SyncIndicator({ state }: { state: CaseDocumentState }): ReactNode {
  const [now, setNow] = useState(() => Date.now());
  const counting = state.sync.status === 'waitingToRetry';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  const connection = connectionText(state);
  return (
    <Group gap="xs" wrap="wrap" role="status" aria-live="polite" aria-label="Save status">
      <Badge color={COLOURS[state.sync.status]} variant="light" size="lg" data-testid="save-status">
        {saveMessage(state.sync, counting ? now : Date.now())}
      </Badge>
      {state.device === 'saved' && (
        <Text size="sm" c="dimmed" data-testid="device-status" title="Every edit is stored on this device">
          Saved on this device
        </Text>
      )}
      {state.loadError && (
        <Text size="sm" c="red" data-testid="load-error">
          {LOAD_ERROR_TEXTS[state.loadError]}
        </Text>
      )}
      {state.device === 'unavailable' && (
        <Text size="sm" c="red" data-testid="device-status">
          Not stored on this device: {state.deviceError} Edits are saved to the server only; keep this page open until
          it shows &lsquo;saved&rsquo;.
        </Text>
      )}
      {state.device === 'failed' && (
        <Text size="sm" c="red" data-testid="device-status">
          Not saved on this device: {state.deviceError} Retrying.
        </Text>
      )}
      {connection && (
        <Text size="sm" c="dimmed" data-testid="connection-status">
          {connection}
        </Text>
      )}
      {state.sync.refused === 'FINALIZED' && (
        <Text size="sm" c="orange" data-testid="refused-status">
          This case is finalized: changes are not saved.
        </Text>
      )}
    </Group>
  );
}
