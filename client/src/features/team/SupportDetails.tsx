import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { refusalText, type TeamSyncHealthView } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLoad } from '../../data/useLoad.js';
import * as api from './supportApi.js';
import { usePagedList } from './usePagedList.js';

const at = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const iso = (text: string | null): string => (text ? text.slice(0, 16).replace('T', ' ') : 'never');

/** Spec 002 §9's levels as the error list names them. */
const LEVELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactNode {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** What the server holds of each organisation's documents: how many, not signed, the last save. */
function SyncTable({ rows }: { rows: TeamSyncHealthView[] }): ReactNode {
  return (
    <Section id="support-sync" title="Sync health">
      {rows.length === 0 ? (
        <Text c="dimmed">No organization, so no documents.</Text>
      ) : (
        <Table withTableBorder aria-label="Sync health">
          <Table.Thead>
            <Table.Tr>
              {['Organization', 'Documents', 'Not signed', 'Last save (UTC)', 'Not signed, saved last'].map((c) => (
                <Table.Th scope="col" key={c}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.orgId}>
                <Table.Th scope="row">{s.orgName}</Table.Th>
                <Table.Td>{s.documents}</Table.Td>
                <Table.Td>{s.unsigned}</Table.Td>
                <Table.Td>{iso(s.lastSavedAt)}</Table.Td>
                <Table.Td>
                  {s.recentUnsigned.map((d) => `${d.docId} (${iso(d.lastSavedAt)})`).join(', ') || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        What the server stored. A change a tablet has not sent yet cannot be seen here; a failed save shows below as an
        error with a code such as NETWORK_ERROR.
      </Text>
    </Section>
  );
}

/** The browser errors of a user or an organisation, newest first, 20 at a time. */
export function ClientLogs({ of }: { of: { userId: string } | { orgId: string } }): ReactNode {
  const key = 'userId' in of ? `u:${of.userId}` : `o:${of.orgId}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names `of`.
  const fetch = useCallback((after: string | null) => api.fetchClientLogs(of, after), [key]);
  const list = usePagedList(fetch, api.CLIENT_LOGS_PAGE);
  return (
    <Section id="support-errors" title="Recent errors">
      {list.first.loading && <Loader aria-label="Loading errors" />}
      {list.error && (
        <Alert color="red" role="alert">
          {refusalText(list.error)}
        </Alert>
      )}
      {!list.first.loading && list.rows.length === 0 && !list.error && (
        <Text c="dimmed">No errors in the last 30 days.</Text>
      )}
      {list.rows.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table withTableBorder aria-label="Recent errors">
            <Table.Thead>
              <Table.Tr>
                {['When (UTC)', 'Level', 'Kind', 'Error', 'Code', 'Where', 'Screen', 'Version'].map((c) => (
                  <Table.Th scope="col" key={c}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((l) => (
                <Table.Tr key={l.cursor}>
                  <Table.Td>{at(l.at)}</Table.Td>
                  <Table.Td>{LEVELS[l.level] ?? l.level}</Table.Td>
                  <Table.Td>{l.kind}</Table.Td>
                  <Table.Td>{l.errorName ?? ''}</Table.Td>
                  <Table.Td>{l.code ?? ''}</Table.Td>
                  <Table.Td>{l.where ?? ''}</Table.Td>
                  <Table.Td>{l.route ?? ''}</Table.Td>
                  <Table.Td>{l.appVersion ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!list.last && !list.error && (
        <Button variant="default" mih={44} mt="xs" onClick={list.loadMore}>
          Older errors
        </Button>
      )}
    </Section>
  );
}

/** A support read's loader, and its refusal in words when it failed. */
function LoadState({ loading, error }: { loading: boolean; error: string | null }): ReactNode {
  return (
    <>
      {loading && <Loader aria-label="Loading" />}
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
    </>
  );
}

const supportLink = (kind: 'user' | 'org', id: string): string => `?${kind}=${encodeURIComponent(id)}`;

/** A user as customer support sees them: organisations, devices, sync health and errors. */
export function SupportUser({ userId }: { userId: string }): ReactNode {
  const user = useLoad(useCallback(() => api.fetchSupportUser(userId), [userId]));
  const u = user.data;
  return (
    <Stack gap="md">
      <LoadState loading={user.loading} error={user.error} />
      {u && (
        <>
          <div>
            <Title order={2} size="h3">
              {u.name}
            </Title>
            <Text size="sm">
              {u.email} ·{' '}
              <Anchor component={Link} to={`/vigil-team/users/${encodeURIComponent(u.id)}`}>
                Sessions and MFA
              </Anchor>
            </Text>
          </div>
          <Section id="support-orgs" title="Organizations">
            {u.memberships.length === 0 && <Text c="dimmed">No organizations.</Text>}
            {u.memberships.map((m) => (
              <Group key={m.orgId} gap={4}>
                <Anchor component={Link} to={supportLink('org', m.orgId)}>
                  {m.orgName}
                </Anchor>
                {m.roles.map((r) => (
                  <Badge key={r} size="sm" variant="light">
                    {r}
                  </Badge>
                ))}
              </Group>
            ))}
          </Section>
          <Section id="support-devices" title="Signed-in devices">
            {u.devices.length === 0 ? (
              <Text c="dimmed">No live session.</Text>
            ) : (
              <Table withTableBorder aria-label="Signed-in devices">
                <Table.Thead>
                  <Table.Tr>
                    {['Browser', 'Signed in (UTC)', 'Last request (UTC)'].map((c) => (
                      <Table.Th scope="col" key={c}>
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {u.devices.map((d) => (
                    <Table.Tr key={d.sessionId}>
                      <Table.Td>{d.userAgent ?? 'Unknown'}</Table.Td>
                      <Table.Td>{at(d.signedInAt)}</Table.Td>
                      <Table.Td>{at(d.lastSeenAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <SyncTable rows={u.sync} />
          <ClientLogs of={{ userId: u.id }} />
        </>
      )}
    </Stack>
  );
}

/** An organisation as customer support sees it: parents, members, sync health and errors. */
export function SupportOrg({ orgId }: { orgId: string }): ReactNode {
  const org = useLoad(useCallback(() => api.fetchSupportOrg(orgId), [orgId]));
  const o = org.data;
  return (
    <Stack gap="md">
      <LoadState loading={org.loading} error={org.error} />
      {o && (
        <>
          <div>
            <Title order={2} size="h3">
              {o.name}
            </Title>
            <Text size="sm">
              {o.id} · {o.type}
              {o.parents.length > 0 ? ` · part of ${o.parents.join(', ')}` : ''} ·{' '}
              <Anchor component={Link} to={`/vigil-team/orgs/${encodeURIComponent(o.id)}`}>
                Organization page
              </Anchor>
            </Text>
          </div>
          <Section id="support-members" title="Members">
            {o.members.length === 0 && <Text c="dimmed">No members.</Text>}
            {o.members.map((m) => (
              <Group key={m.userId} gap={4}>
                <Anchor component={Link} to={supportLink('user', m.userId)}>
                  {m.name}
                </Anchor>
                <Text size="sm">{m.email}</Text>
                {m.roles.map((r) => (
                  <Badge key={r} size="sm" variant="light">
                    {r}
                  </Badge>
                ))}
              </Group>
            ))}
          </Section>
          <SyncTable rows={[o.sync]} />
          <ClientLogs of={{ orgId: o.id }} />
        </>
      )}
    </Stack>
  );
}
