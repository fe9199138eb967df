import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmRemoveProps {
  /** What is being removed, as the question names it; null when closed. */
  what: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation before a charted entry is removed: Keep or Remove. */
export function ConfirmRemove({ what, onConfirm, onClose }: ConfirmRemoveProps): ReactNode {
  return (
    <Modal opened={what !== null} onClose={onClose} title="Remove this entry?">
      <Stack>
        <Text>Remove {what}?</Text>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            Keep
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
