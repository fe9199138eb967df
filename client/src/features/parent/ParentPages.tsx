import { Alert, Anchor, Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { ParentOfficeComparison } from './ParentOfficeComparison.js';
import { useChildOrgMembers, useChildOrgs } from '../orgs/index.js';
import { MembersPage } from '../orgs/index.js';
import { memberErrorText } from '../orgs/index.js';
import { OrgOverview, OrgTable } from '../orgs/index.js';
import { RoleBadges } from '../orgs/index.js';

function useParentOrgId(): string {
  return useParams().parentOrgId ?? '';
}

const base = (parentOrgId: string): string => `/parent/${encodeURIComponent(parentOrgId)}`;

/**
 * `/parent/{parentOrgId}/orgs` (and the dashboard): the organisations this admin organisation oversees;
 * the dashboard adds the offices compared (ParentOfficeComparison).
 */
export function ParentOrgsPage({
  title = 'Organizations',
  dashboard = false,
}: {
  title?: string;
  dashboard?: boolean;
}): ReactNode {
  const parentOrgId = useParentOrgId();
  const orgs = useChildOrgs(parentOrgId);
  return (
    <Page title={title}>
      {orgs.loading && <Loader aria-label="Loading" />}
      {orgs.error && <Alert color="red">{memberErrorText(orgs.error)}</Alert>}
      {orgs.data && (
        <OrgTable
          orgs={orgs.data}
          detailHref={(o) => `${base(parentOrgId)}/orgs/${encodeURIComponent(o.id)}`}
          empty="No organizations are overseen by this admin organization yet. The Vigil team links an office to it."
          filterable={orgs.data.length > 10}
        />
      )}
      {dashboard && <ParentOfficeComparison parentOrgId={parentOrgId} />}
    </Page>
  );
}

/** `/parent/{parentOrgId}/orgs/{selectedOrgId}`: one overseen organisation. */
export function ParentOrgPage(): ReactNode {
  const { selectedOrgId = '' } = useParams();
  return (
    <Page title="Organization">
      <OrgOverview orgId={selectedOrgId} />
    </Page>
  );
}

/** `/parent/{parentOrgId}/people`: the admin organisation's own people (parent invitations make admins, spec 000 §6). */
export function ParentPeoplePage(): ReactNode {
  return <MembersPage orgId={useParentOrgId()} title="People" linkToMember={false} />;
}

/** `/parent/{parentOrgId}/org-members`: everyone in the overseen organisations, by organisation. */
export function ParentOrgMembersPage(): ReactNode {
  const parentOrgId = useParentOrgId();
  const members = useChildOrgMembers(parentOrgId);
  return (
    <Page title="Organization Members">
      {members.loading && <Loader aria-label="Loading" />}
      {members.error && <Alert color="red">{memberErrorText(members.error)}</Alert>}
      {members.data && members.data.length === 0 && (
        <Text c="dimmed">No members in the organizations overseen by this admin organization.</Text>
      )}
      {members.data && members.data.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((m) => (
                <Table.Tr key={`${m.orgId}/${m.id}`}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base(parentOrgId)}/orgs/${encodeURIComponent(m.orgId)}`}
                      display="inline-block"
                      py={10}
                    >
                      {m.orgName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>
                    <RoleBadges roles={m.roles} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
