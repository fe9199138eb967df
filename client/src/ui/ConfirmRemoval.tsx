import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface ConfirmRemovalProps {
  title: string;
  /** The question asked; the dialog is open while it is not null. */
  question: string | null;
  /** The confirming button's label. */
  action?: string;
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a charted entry is removed: Keep, or the red confirming button (touch-sized).
 * Mantine's Modal is made the first time a question is asked: a closed Modal still mounts its
 * portal, which renders a second time as the screen opens (every section has one; ~30 ms of a
 * throttled tablet's cold start, issue 8).
 */
export function ConfirmRemoval({
  title,
  question,
  action = 'Remove',
  onKeep,
  onConfirm,
}: ConfirmRemovalProps): ReactNode {
  const [asked, setAsked] = useState(question !== null);
  if (question !== null && !asked) setAsked(true);
  if (!asked) return null;
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
