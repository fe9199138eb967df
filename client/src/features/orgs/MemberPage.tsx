import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { assignableRoles, type OrgType } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { useOrg, useOrgMembers } from './hooks.js';
import { adminLabel, memberErrorText } from './memberRules.js';
import { MemberCard } from './MembersPage.js';
import { mayAdminister, subjectOf } from '../../session/sessionOrgs.js';

/**
 * `/org/{orgId}/members/{practitionerId}` (spec 000 §2): one member (the practitioner id is the
 * membership id) with their roles, changed or removed by whoever may administer the organisation.
 */
export function MemberPage(): ReactNode {
  const { orgId = '', practitionerId = '' } = useParams();
  const navigate = useNavigate();
  const { session, user } = useSession();
  const org = useOrg(orgId);
  const isAdmin = org.data ? mayAdminister(session, org.data) : false;
  const members = useOrgMembers(orgId, isAdmin);
  const roles = org.data ? assignableRoles(subjectOf(session, true), org.data.type as OrgType) : [];
  const member = members.data?.find((m) => m.id === practitionerId) ?? null;
  const back = `/org/${encodeURIComponent(orgId)}/members`;

  let body: ReactNode;
  if (org.loading || members.loading) body = <Loader aria-label="Loading" />;
  else if (!org.data) body = <Alert color="red">{memberErrorText(org.error ?? 'UNKNOWN')}</Alert>;
  else if (!isAdmin)
    body = (
      <Alert color="gray" title={adminLabel('Members', false)}>
        Only an admin of this organization can see and manage its members.
      </Alert>
    );
  else if (members.error) body = <Alert color="red">{memberErrorText(members.error)}</Alert>;
  else if (!member) body = <Alert color="gray">This person is not a member of this organization.</Alert>;
  else
    body = (
      <MemberCard
        key={member.roles.join(',')}
        orgId={orgId}
        member={member}
        roles={roles}
        isSelf={member.userId === user?.id}
        onChanged={() => {
          members.reload();
        }}
        onRemoved={() => void navigate(back)}
        asItem={false}
      />
    );
  return (
    <Page title={member?.name ?? 'Member'}>
      <Stack gap="md">
        <Anchor component={Link} to={back}>
          All members
        </Anchor>
        {body}
      </Stack>
    </Page>
  );
}
