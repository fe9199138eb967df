import { Badge, NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { trackEvent } from '../../data/analyticsEvents.js';
import type { Session } from '../../session/api.js';
import { orgGroups } from '../../session/sessionOrgs.js';

export interface OrgListProps {
  session: Session | null;
  /** Called after an organisation is chosen (the switcher closes itself). */
  onChoose?: () => void;
}

/**
 * The session's organisations grouped Internal / Admin Orgs / Reseller / Regular Orgs (spec 000 §2);
 * choosing one sends the Org Selected beacon (spec 000 §7).
 */
export function OrgList({ session, onChoose }: OrgListProps): ReactNode {
  const groups = orgGroups(session);
  if (groups.length === 0) return null;
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <section key={group.type} aria-label={group.label}>
          <Text fw={600} size="sm" c="dimmed" mb={4} component="h2">
            {group.label}
          </Text>
          {group.orgs.map((org) => (
            <NavLink
              key={org.id}
              component={Link}
              to={org.href}
              label={org.name}
              description={org.id}
              onClick={() => {
                trackEvent('Org Selected', org.id);
                onChoose?.();
              }}
              mih={44}
              rightSection={
                org.roles.includes('admin') ? (
                  <Badge variant="light" size="sm">
                    admin
                  </Badge>
                ) : null
              }
            />
          ))}
        </section>
      ))}
    </Stack>
  );
}
