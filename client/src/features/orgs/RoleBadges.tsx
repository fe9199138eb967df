import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ROLE_LABELS } from './memberRules.js';

/** A person's roles as badges, by their labels (an unknown role by its name). */
export function RoleBadges({ roles }: { roles: readonly string[] }): ReactNode {
  return (
    <Group gap={4}>
      {roles.map((r) => (
        <Badge key={r} variant="light">
          {ROLE_LABELS[r] ?? r}
        </Badge>
      ))}
    </Group>
  );
}
