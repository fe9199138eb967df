import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CardFormFooterProps {
  /** The provider's or the server's sentence when the card was not saved. */
  refusal: string | null;
  saving: boolean;
  /** Save is off until the card entry is ready (the provider's script loaded). */
  disabled?: boolean;
  onCancel?: (() => void) | undefined;
}

/** The end of both card forms (the local provider's and the real provider's): the refusal, Cancel and Save card. */
export function CardFormFooter({ refusal, saving, disabled = false, onCancel }: CardFormFooterProps): ReactNode {
  return (
    <>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" mih={44} onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" mih={44} loading={saving} disabled={disabled}>
          Save card
        </Button>
      </Group>
    </>
  );
}
