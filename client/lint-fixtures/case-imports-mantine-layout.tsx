// Linted as client/src/features/cases/<area>/…: Mantine's layout, typography and buttons beside a kit field.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export function Fixture(): ReactNode {
  return (
    <Stack>
      <Title order={3}>Procedure</Title>
      <Group>
        <LightTextInput label="Procedure" value="" onChange={() => undefined} />
        <Button>Save</Button>
      </Group>
      <Text>Layout, typography and buttons stay Mantine's.</Text>
    </Stack>
  );
}
