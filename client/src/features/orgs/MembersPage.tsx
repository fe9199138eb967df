import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { assignableRoles, type OrgType } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { errorCode } from '../../session/errors.js';
import * as api from './api.js';
import { useOrg, useOrgMembers, usePendingInvitations } from './hooks.js';
import { PendingInvitations } from './PendingInvitations.js';
import { adminLabel, looksLikeEmail, memberErrorText, ROLE_LABELS } from './memberRules.js';
import { mayAdminister, subjectOf } from '../../session/sessionOrgs.js';
import { RoleBadges } from './RoleBadges.js';

function RoleChecks({
  roles,
  value,
  onChange,
  label,
}: {
  roles: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
  label: string;
}): ReactNode {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange}>
      <Group gap="md" mt="xs">
        {roles.map((r) => (
          <Checkbox
            key={r}
            value={r}
            label={ROLE_LABELS[r] ?? r}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function InviteForm({
  orgId,
  roles,
  onSent,
}: {
  orgId: string;
  roles: readonly string[];
  /** After an invitation went out (the pending invitations are read again). */
  onSent: () => void;
}): ReactNode {
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [state, setState] = useState<{ sending: boolean; sent: string | null; error: string | null }>({
    sending: false,
    sent: null,
    error: null,
  });
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!looksLikeEmail(email) || state.sending) return;
    setState({ sending: true, sent: null, error: null });
    try {
      await api.inviteMember(orgId, email.trim(), chosen);
      setState({ sending: false, sent: email.trim(), error: null });
      setEmail('');
      setChosen([]);
      onSent();
    } catch (err) {
      setState({ sending: false, sent: null, error: memberErrorText(errorCode(err)) });
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invite-heading">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-heading">
            Invite a member
          </Title>
          <TextInput
            label="Email Address"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoComplete="off"
          />
          <RoleChecks
            label="Roles (every invited person is also a member)"
            roles={roles.filter((r) => r !== 'member')}
            value={chosen}
            onChange={setChosen}
          />
          {state.sent && (
            <Alert color="green" role="status">
              Invitation sent to {state.sent}.
            </Alert>
          )}
          {state.error && (
            <Alert color="red" role="alert">
              {state.error}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={!looksLikeEmail(email)} loading={state.sending} mih={44}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function MemberCard({
  orgId,
  member,
  roles,
  isSelf,
  onChanged,
  onRemoved,
  asItem = true,
  linkToMember = true,
}: {
  orgId: string;
  member: api.OrgMember;
  roles: readonly string[];
  isSelf: boolean;
  onChanged: () => void;
  /** After a removal (default: onChanged). */
  onRemoved?: () => void;
  /** A list item in the members list; a section on the member's own page. */
  asItem?: boolean;
  /** Link the name to the organisation app's member page (not for a parent organisation's people). */
  linkToMember?: boolean;
}): ReactNode {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(member.roles);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, after: () => void = onChanged): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setEditing(false);
      setConfirmRemove(false);
      after();
    } catch (err) {
      setError(memberErrorText(errorCode(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" aria-label={member.name} component={asItem ? 'li' : 'section'}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            {linkToMember ? (
              <Anchor
                component={Link}
                to={`/org/${encodeURIComponent(orgId)}/members/${encodeURIComponent(member.id)}`}
                fw={600}
              >
                {member.name}
                {isSelf ? ' (you)' : ''}
              </Anchor>
            ) : (
              <Text fw={600}>
                {member.name}
                {isSelf ? ' (you)' : ''}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {member.email}
            </Text>
          </div>
          <RoleBadges roles={member.roles} />
        </Group>
        {editing ? (
          <Stack gap="xs">
            <RoleChecks label={`Roles of ${member.name}`} roles={roles} value={chosen} onChange={setChosen} />
            <Group>
              <Button
                mih={44}
                loading={busy}
                disabled={chosen.length === 0}
                onClick={() => void run(() => api.updateMemberRoles(orgId, member.id, chosen))}
              >
                Save Roles
              </Button>
              <Button mih={44} variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              mih={44}
              variant="default"
              onClick={() => setEditing(true)}
              aria-label={`Change roles of ${member.name}`}
            >
              Change Roles
            </Button>
            <Button
              mih={44}
              color="red"
              variant="subtle"
              onClick={() => setConfirmRemove(true)}
              aria-label={`Remove ${member.name}`}
            >
              Remove
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title="Remove member">
        <Stack>
          <Text>
            Remove {member.name} ({member.email}) from this organization? Their charted records keep their name.
          </Text>
          <Group justify="flex-end">
            <Button mih={44} variant="default" onClick={() => setConfirmRemove(false)}>
              Cancel
            </Button>
            <Button
              mih={44}
              color="red"
              loading={busy}
              onClick={() => void run(() => api.removeMember(orgId, member.id), onRemoved ?? onChanged)}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * `/org/{orgId}/members` (spec 000 §2, §6): the members with their roles, inviting by email, the
 * invitations not yet accepted (issue 35 item 15), changing roles and removing; for whoever may
 * administer the organisation. Others see why not.
 */
export interface MembersPageProps {
  /** The organisation (default: the route's orgId). */
  orgId?: string;
  title?: string;
  /** Whether member names link to the organisation app's member page. */
  linkToMember?: boolean;
}

export function MembersPage({ orgId: orgIdProp, title = 'Members', linkToMember = true }: MembersPageProps): ReactNode {
  const params = useParams();
  const orgId = orgIdProp ?? params.orgId ?? '';
  const { session, user } = useSession();
  const org = useOrg(orgId);
  const isAdmin = org.data ? mayAdminister(session, org.data) : false;
  const members = useOrgMembers(orgId, isAdmin);
  const invitations = usePendingInvitations(orgId, isAdmin);
  const roles = org.data ? assignableRoles(subjectOf(session, true), org.data.type as OrgType) : [];

  let body: ReactNode;
  if (org.loading) body = <Loader aria-label="Loading" />;
  else if (!org.data) body = <Alert color="red">{memberErrorText(org.error ?? 'UNKNOWN')}</Alert>;
  else if (!isAdmin)
    body = (
      <Alert color="gray" title={adminLabel(title, false)}>
        Only an admin of this organization can see and manage its members.
      </Alert>
    );
  else
    body = (
      <Stack gap="lg">
        <InviteForm orgId={orgId} roles={roles} onSent={invitations.reload} />
        <PendingInvitations invitations={invitations} loadMore={invitations.loadMore} />
        <section aria-labelledby="members-heading">
          <Title order={2} size="h4" id="members-heading" mb="sm">
            Current members
          </Title>
          {members.loading && <Loader aria-label="Loading" />}
          {members.error && <Alert color="red">{memberErrorText(members.error)}</Alert>}
          {members.data && members.data.length === 0 && <Text c="dimmed">No members yet.</Text>}
          {members.data && (
            <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
              {members.data.map((m) => (
                <MemberCard
                  key={`${m.id}-${m.roles.join(',')}`}
                  orgId={orgId}
                  member={m}
                  roles={roles}
                  isSelf={m.userId === user?.id}
                  onChanged={members.reload}
                  linkToMember={linkToMember}
                />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    );
  return <Page title={title}>{body}</Page>;
}
