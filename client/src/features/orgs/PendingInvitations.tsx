import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../session/errors.js';
import type { PendingInvitation } from './api.js';
import type { Loaded, PendingInvitationPages } from './hooks.js';
import { memberErrorText } from './memberRules.js';
import { RoleBadges } from './RoleBadges.js';

/** A day as the members screen shows it: 'Nov 28, 2026'. */
export function invitationDay(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** The line under a pending invitation's address: 'Sent Nov 28, 2026 by Ann Admin · Expires Dec 5, 2026'. */
export function invitationDates(invitation: Pick<PendingInvitation, 'sentAt' | 'expiresAt' | 'invitedByName'>): string {
  const by = invitation.invitedByName ? ` by ${invitation.invitedByName}` : '';
  return `Sent ${invitationDay(invitation.sentAt)}${by} · Expires ${invitationDay(invitation.expiresAt)}`;
}

export interface PendingInvitationsProps {
  invitations: Loaded<PendingInvitationPages>;
  loadMore: () => Promise<void>;
}

/**
 * The members screen's invitations sent and not yet accepted (issue 35 item 15; the spec shows no
 * such list, so its texts are ours, docs/decisions.md): address, roles, when it was sent and by
 * whom, when it expires; newest first, a page at a time; an empty state when none is pending.
 */
export function PendingInvitations({ invitations, loadMore }: PendingInvitationsProps): ReactNode {
  const [more, setMore] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const showMore = async (): Promise<void> => {
    setMore({ loading: true, error: null });
    try {
      await loadMore();
      setMore({ loading: false, error: null });
    } catch (err) {
      setMore({ loading: false, error: memberErrorText(errorCode(err)) });
    }
  };
  const { data } = invitations;
  return (
    <section aria-labelledby="pending-invitations-heading">
      <Title order={2} size="h4" id="pending-invitations-heading" mb="sm">
        Pending invitations
      </Title>
      {invitations.loading && <Loader aria-label="Loading invitations" />}
      {invitations.error && <Alert color="red">{memberErrorText(invitations.error)}</Alert>}
      {data && data.items.length === 0 && (
        <Text c="dimmed" data-testid="pending-invitations-empty">
          No pending invitations.
        </Text>
      )}
      {data && data.items.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="pending-invitations-heading"
        >
          {data.items.map((i) => (
            <Card key={i.id} withBorder padding="md" component="li" aria-label={i.email}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>{i.email}</Text>
                  <Text size="sm" c="dimmed" data-testid="pending-invitation-dates">
                    {invitationDates(i)}
                  </Text>
                </div>
                <RoleBadges roles={i.roles} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {data?.more && (
        <Group mt="sm">
          <Button mih={44} variant="default" loading={more.loading} onClick={() => void showMore()}>
            Show more invitations
          </Button>
        </Group>
      )}
      {more.error && (
        <Alert color="red" role="alert" mt="sm">
          {more.error}
        </Alert>
      )}
    </section>
  );
}
