import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import * as api from './oversightApi.js';
import { useSudoCall } from './useSudoCall.js';

const at = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * `/vigil-team/users/{userId}` (issue 41; spec 000 §2): a user's organisations, MFA channels and
 * live sessions; "End all sessions" signs them out everywhere after a sudo confirmation (recorded
 * on the account trail).
 */
export function TeamUserPage(): ReactNode {
  const { userId = '' } = useParams();
  const user = useLoad(useCallback(() => api.fetchTeamUser(userId), [userId]));
  const end = useSudoCall(useCallback(() => api.endTeamUserSessions(userId), [userId]));
  const u = user.data;
  const endAll = async (): Promise<void> => {
    await end.run(undefined);
    user.reload();
  };
  return (
    <Page title="User">
      {user.loading && <Loader aria-label="Loading" />}
      {user.error && (
        <Alert color="red" role="alert">
          {refusalText(user.error)}
        </Alert>
      )}
      {u && (
        <Stack gap="md">
          <div>
            <Text fw={600}>{u.name}</Text>
            <Text size="sm">
              {u.email} {u.emailVerified ? '' : '(email not verified)'}
            </Text>
            <Text size="sm" c="dimmed">
              Since {at(u.createdAt)} UTC
            </Text>
          </div>
          <Card withBorder padding="md" component="section" aria-labelledby="team-user-orgs">
            <Title order={2} size="h4" id="team-user-orgs" mb="xs">
              Organizations
            </Title>
            {u.memberships.length === 0 && <Text c="dimmed">No organizations.</Text>}
            <Stack gap={4}>
              {u.memberships.map((m) => (
                <Group key={m.orgId} gap={4}>
                  <Anchor component={Link} to={`/vigil-team/orgs/${encodeURIComponent(m.orgId)}`}>
                    {m.orgName}
                  </Anchor>
                  {m.roles.map((r) => (
                    <Badge key={r} size="sm" variant="light">
                      {r}
                    </Badge>
                  ))}
                </Group>
              ))}
            </Stack>
          </Card>
          <Card withBorder padding="md" component="section" aria-labelledby="team-user-mfa">
            <Title order={2} size="h4" id="team-user-mfa" mb="xs">
              MFA channels
            </Title>
            {u.mfaOptions.length === 0 && <Text c="dimmed">None set up.</Text>}
            {u.mfaOptions.map((o) => (
              <Text key={`${o.channel}:${o.to}`} size="sm">
                {o.channel === 'sms' ? 'Text message' : 'Email'}: {o.to} {o.verified ? '(verified)' : '(not verified)'}
              </Text>
            ))}
          </Card>
          <Card withBorder padding="md" component="section" aria-labelledby="team-user-sessions">
            <Title order={2} size="h4" id="team-user-sessions" mb="xs">
              Sessions
            </Title>
            {u.sessions.length === 0 ? (
              <Text c="dimmed">No live sessions.</Text>
            ) : (
              <Table withTableBorder aria-label="Live sessions">
                <Table.Thead>
                  <Table.Tr>
                    {['Started (UTC)', 'Renewed (UTC)', 'Expires (UTC)', 'MFA', 'Sudo', 'EMR organization'].map((c) => (
                      <Table.Th scope="col" key={c}>
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {u.sessions.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{at(s.createdAt)}</Table.Td>
                      <Table.Td>{at(s.renewedAt)}</Table.Td>
                      <Table.Td>{at(s.expiresAt)}</Table.Td>
                      <Table.Td>{s.multiFactor ? 'Yes' : 'No'}</Table.Td>
                      <Table.Td>{s.sudo ? 'Yes' : 'No'}</Table.Td>
                      <Table.Td>{s.singleOrg ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group mt="sm">
              <Button color="red" variant="light" onClick={() => void endAll()} loading={end.busy}>
                End all sessions
              </Button>
              {end.data !== null && <Text size="sm">{end.data} sessions ended.</Text>}
            </Group>
            {end.error && (
              <Alert color="red" role="alert" mt="xs">
                {refusalText(end.error)}
              </Alert>
            )}
          </Card>
        </Stack>
      )}
    </Page>
  );
}
