import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useAllOrgs, useOrg, useTeamUsers } from '../orgs/index.js';
import { memberErrorText, ROLE_LABELS } from '../orgs/index.js';
import { OrgOverview, OrgTable } from '../orgs/index.js';
import { FeatureFlags } from '../orgs/index.js';
import { BaaCountersign } from './BaaCountersign.js';

const orgPath = (id: string): string => `/vigil-team/orgs/${encodeURIComponent(id)}`;

/** `/vigil-team/orgs` (and `parent-orgs`): every organisation, or the admin organisations only. */
export function TeamOrgsPage({ title = 'Organizations', type }: { title?: string; type?: string }): ReactNode {
  const orgs = useAllOrgs();
  const shown = orgs.data ? (type ? orgs.data.filter((o) => o.type === type) : orgs.data) : null;
  return (
    <Page title={title}>
      {orgs.loading && <Loader aria-label="Loading" />}
      {orgs.error && <Alert color="red">{memberErrorText(orgs.error)}</Alert>}
      {shown && (
        <OrgTable
          orgs={shown}
          detailHref={(o) =>
            o.type === 'parent' ? `/vigil-team/parent-orgs/${encodeURIComponent(o.id)}` : orgPath(o.id)
          }
          empty="No organizations yet."
          filterable
        />
      )}
    </Page>
  );
}

/** `/vigil-team/orgs/{selectedOrgId}` and `parent-orgs/{parentOrgId}`: one organisation. */
export function TeamOrgPage({ param }: { param: 'selectedOrgId' | 'parentOrgId' }): ReactNode {
  const orgId = useParams()[param] ?? '';
  return (
    <Page title={param === 'parentOrgId' ? 'Parent Organization' : 'Organization'}>
      <OrgOverview orgId={orgId} extraLinks={[{ label: 'Feature flags', href: `${orgPath(orgId)}/feature-flags` }]} />
      {param === 'selectedOrgId' && <BaaCountersign orgId={orgId} />}
    </Page>
  );
}

/**
 * `/vigil-team/orgs/{selectedOrgId}/feature-flags`: every flag of the organisation, product
 * features included; a change made with the internal team's authority asks for a fresh sudo
 * confirmation first (spec 000 §6, the sudoMfa modal) and is then sent again.
 */
export function TeamFeatureFlagsPage(): ReactNode {
  const { selectedOrgId = '' } = useParams();
  const org = useOrg(selectedOrgId);
  return (
    <Page title="Feature Flags">
      {org.data && (
        <Text>
          <Anchor component={Link} to={orgPath(selectedOrgId)}>
            {org.data.name}
          </Anchor>{' '}
          ({selectedOrgId})
        </Text>
      )}
      <FeatureFlags orgId={selectedOrgId} productEditable withOverrides={false} />
    </Page>
  );
}

/** `/vigil-team/users`: users with their organisations, searchable by name or email. */
export function TeamUsersPage(): ReactNode {
  const [search, setSearch] = useState('');
  const users = useTeamUsers(search);
  return (
    <Page title="Users">
      <TextInput
        label="Find a user"
        placeholder="Name or email"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        styles={{ input: { minHeight: 44 } }}
        maw={420}
      />
      {users.loading && <Loader aria-label="Loading" />}
      {users.error && <Alert color="red">{memberErrorText(users.error)}</Alert>}
      {users.data && users.data.length === 0 && <Text c="dimmed">No users match.</Text>}
      {users.data && users.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
          {users.data.map((u) => (
            <Card key={u.id} withBorder padding="sm" component="li" aria-label={u.name}>
              <Group justify="space-between" wrap="wrap" align="flex-start">
                <div>
                  <Anchor component={Link} to={`/vigil-team/users/${encodeURIComponent(u.id)}`} fw={600}>
                    {u.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {u.email} {u.emailVerified ? '' : '(email not verified)'}
                  </Text>
                </div>
                <Stack gap={4}>
                  {u.memberships.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No organizations
                    </Text>
                  )}
                  {u.memberships.map((m) => (
                    <Group key={m.orgId} gap={4}>
                      <Anchor
                        component={Link}
                        to={
                          m.orgType === 'parent'
                            ? `/vigil-team/parent-orgs/${encodeURIComponent(m.orgId)}`
                            : orgPath(m.orgId)
                        }
                        size="sm"
                      >
                        {m.orgName}
                      </Anchor>
                      {m.roles.map((r) => (
                        <Badge key={r} size="sm" variant="light">
                          {ROLE_LABELS[r] ?? r}
                        </Badge>
                      ))}
                    </Group>
                  ))}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
