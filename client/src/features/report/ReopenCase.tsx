import { refusalText } from '@vigil/shared';
import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ERROR_SUDO_CANCELLED, useSudo } from '../../session/SudoProvider.js';
import { errorCode } from '../../session/errors.js';
import { unfinalizeCase } from './api.js';

/** What a refused unfinalize means to the administrator; the case stays finalized. */
export function reopenRefusalText(code: string): string {
  return refusalText(code, {
    NOT_AUTHORIZED: 'Only an administrator of this organization can reopen a finalized case.',
    FEATURE_DISABLED: 'Reopening finalized cases is turned off for this organization.',
    NOT_FINALIZED: 'This case is not finalized any more. Reload to see it as it is.',
    SUDO_REQUIRED: 'Reopening a signed case needs you to confirm your identity. Try again and confirm.',
    NETWORK_ERROR: 'The server cannot be reached. Reopening needs a connection; try again when online.',
    default: 'The case could not be reopened. It is still finalized; try again.',
  });
}

export interface ReopenCaseButtonProps {
  orgId: string;
  caseId: string;
  onReopened: () => void;
  /** The sudo confirmation (spec 000 §6); the app's SudoProvider by default. */
  ensureSudo?: () => Promise<void>;
}

/**
 * Unfinalize (spec 000 §3 adminUnfinalize, issue 24 item 1): after a confirmation the case is
 * reopened; when the server asks for a fresh identity confirmation (SUDO_REQUIRED) the sudo
 * modal opens and the call is made once more. A failure says why and leaves the case finalized.
 */
export function ReopenCaseButton(props: Omit<ReopenCaseButtonProps, 'ensureSudo'>): ReactNode {
  const { ensureSudo } = useSudo();
  return <ReopenCaseButtonView {...props} ensureSudo={ensureSudo} />;
}

export function ReopenCaseButtonView({ orgId, caseId, onReopened, ensureSudo }: ReopenCaseButtonProps): ReactNode {
  const [state, setState] = useState<'idle' | 'confirm' | 'working'>('idle');
  const [error, setError] = useState<string | null>(null);
  const reopen = async (): Promise<void> => {
    setState('working');
    setError(null);
    try {
      try {
        await unfinalizeCase(orgId, caseId);
      } catch (err) {
        if (errorCode(err) !== 'SUDO_REQUIRED' || !ensureSudo) throw err;
        await ensureSudo();
        await unfinalizeCase(orgId, caseId);
      }
    } catch (err) {
      setState('confirm');
      // A cancelled confirmation is the administrator's choice, not a failure.
      if (!(err instanceof Error && err.message === ERROR_SUDO_CANCELLED)) setError(reopenRefusalText(errorCode(err)));
      return;
    }
    setState('idle');
    onReopened();
  };
  if (state === 'idle')
    return (
      <Button variant="default" color="red" mih={44} onClick={() => setState('confirm')}>
        Unfinalize
      </Button>
    );
  return (
    <Group gap="xs">
      <Text size="sm">Reopen this case for editing? The signed PDF stays on record.</Text>
      <Button color="red" mih={44} loading={state === 'working'} onClick={() => void reopen()}>
        Reopen case
      </Button>
      <Button
        variant="default"
        mih={44}
        disabled={state === 'working'}
        onClick={() => {
          setError(null);
          setState('idle');
        }}
      >
        Cancel
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
