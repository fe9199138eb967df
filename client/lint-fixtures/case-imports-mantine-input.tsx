// Linted as client/src/features/cases/…: a case screen file taking an input from Mantine, not the kit.
import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export function Fixture(): ReactNode {
  return (
    <Group>
      <TextInput label="Procedure" />
    </Group>
  );
}
