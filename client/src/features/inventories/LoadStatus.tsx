import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Loaded } from './hooks.js';
import { ledgerErrorText } from './texts.js';

export interface LoadStatusProps {
  loaded: Loaded<unknown>;
  /** The alert's title when loading failed, e.g. 'The log could not be loaded'. */
  failedTitle: string;
}

/** What a ledger screen shows while its data loads, and when it failed: the reason and "Try again". */
export function LoadStatus({ loaded, failedTitle }: LoadStatusProps): ReactNode {
  if (loaded.error) {
    return (
      <Alert color="red" role="alert" title={failedTitle}>
        <Stack gap="xs" align="flex-start">
          <Text>{ledgerErrorText(loaded.error)}</Text>
          <Button variant="default" mih={44} onClick={loaded.reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loaded.data !== null) return null;
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>Loading...</Text>
    </Group>
  );
}
