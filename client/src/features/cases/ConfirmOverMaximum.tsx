import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CaseDialog } from './CaseDialog.js';

export interface ConfirmOverMaximumProps {
  title: string;
  /** What the dose does to the maximum: the first line bold, the last (the verdict) in red. */
  lines: readonly string[];
  /** The button that charts the dose anyway. */
  confirmLabel: string;
  /** Names the dialog's content for tests (`over-maximum`, `la-over-maximum`). */
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation a dose past its maximum needs before it is charted (DM4; the local
 * anesthetics' combined maximum too): Cancel, focused first, keeps the form as typed.
 */
export function ConfirmOverMaximum({
  title,
  lines,
  confirmLabel,
  testId,
  onCancel,
  onConfirm,
}: ConfirmOverMaximumProps): ReactNode {
  return (
    <CaseDialog opened title={title} onClose={onCancel}>
      <Stack gap="sm" data-testid={testId}>
        {lines.map((line, i) => (
          <Text key={line} fw={i === 0 ? 700 : undefined} c={i === lines.length - 1 ? 'red' : undefined}>
            {line}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" mih={44} data-autofocus onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" mih={44} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </CaseDialog>
  );
}
