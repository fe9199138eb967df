import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmRemovalProps {
  title: string;
  /** The question asked; the dialog is open while it is not null. */
  question: string | null;
  /** The confirming button's label. */
  action?: string;
  onKeep: () => void;
  onConfirm: () => void;
}

/** Asks before a charted entry is removed: Keep, or the red confirming button (touch-sized). */
export function ConfirmRemoval({
  title,
  question,
  action = 'Remove',
  onKeep,
  onConfirm,
}: ConfirmRemovalProps): ReactNode {
  return (
    <Modal opened={question !== null} onClose={onKeep} title={title}>
      <Stack>
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onKeep}>
            Keep
          </Button>
          <Button color="red" mih={44} onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
