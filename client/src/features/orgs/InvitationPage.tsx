import { Alert, Anchor, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { ORG_TEXTS } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { withReturnUrl } from '../../session/identity.js';
import { useSession } from '../../session/SessionProvider.js';
import { errorCode } from '../../session/errors.js';
import { acceptInvitation } from './api.js';
import { useInvitation } from './hooks.js';
import {
  afterAcceptPath,
  invitationBlurb,
  invitationError,
  invitationIdFrom,
  storedInvitationId,
  storeInvitationId,
} from './invitation.js';
import { sessionOrgLinks } from '../../session/sessionOrgs.js';

function ErrorCard({ text }: { text: string }): ReactNode {
  return (
    <Card withBorder padding="lg" role="alert">
      <Stack gap="sm">
        <Text>{text}</Text>
        <Anchor component={Link} to="/">
          {ORG_TEXTS.backToCaseManager}
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * `/invitation` (spec 000 §2, §4, §8), authentication optional: validating, then the invitation
 * (or the error card); a fully signed-in user joins as themselves, anyone else creates an account
 * or signs in and comes back here. The invitation ID is kept as a stored return parameter until
 * it is accepted.
 */
export function InvitationPage(): ReactNode {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, user, session, adopt, signOut } = useSession();
  const [invitationId] = useState(() => invitationIdFrom(params.get('invitationId'), storedInvitationId()));
  const invitation = useInvitation(invitationId);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);

  useEffect(() => {
    if (invitationId) storeInvitationId(invitationId);
  }, [invitationId]);

  const join = async (): Promise<void> => {
    if (!invitationId) return;
    setJoining(true);
    setJoinError(null);
    try {
      const accepted = await acceptInvitation(invitationId);
      storeInvitationId(null);
      adopt({ user: accepted.user, session: accepted.session });
      void navigate(afterAcceptPath(accepted.type, accepted.orgId), { replace: true });
    } catch (err) {
      setJoining(false);
      setJoinError(errorCode(err));
    }
  };

  let body: ReactNode;
  if (!invitationId) {
    body = <ErrorCard text={invitationError(null)} />;
  } else if (invitation.loading || (status === 'undetermined' && !invitation.error)) {
    body = (
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{ORG_TEXTS.validatingInvitation}</Text>
      </Stack>
    );
  } else if (invitation.error || !invitation.data) {
    body = <ErrorCard text={invitationError(invitation.error ?? 'UNKNOWN')} />;
  } else if (joining) {
    body = (
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{ORG_TEXTS.joiningTeam}</Text>
      </Stack>
    );
  } else {
    const inv = invitation.data;
    const alreadyMember =
      joinError === 'ALREADY_MEMBER' || (status === 'full' && sessionOrgLinks(session).some((o) => o.id === inv.orgId));
    body = (
      <Stack gap="md">
        <Title order={1} size="h2">
          {ORG_TEXTS.invitationTitle(inv.orgName)}
        </Title>
        <Text>{invitationBlurb(inv.type, inv.orgName)}</Text>
        {alreadyMember ? (
          <Stack gap="sm">
            <Alert color="blue">{ORG_TEXTS.alreadyMember(inv.orgName)}</Alert>
            <Button component={Link} to={afterAcceptPath(inv.type, inv.orgId)} mih={44}>
              Open {inv.orgName}
            </Button>
          </Stack>
        ) : joinError ? (
          <ErrorCard text={invitationError(joinError, inv.orgName)} />
        ) : status === 'full' && user ? (
          <Stack gap="sm">
            {inv.sentToSignedInUser === false && (
              <Alert color="yellow" title="Different email address">
                This invitation was sent to {inv.emailHint}, and you are signed in as {user.email}. You can join as{' '}
                {user.email}, or sign in with the invited address instead.
              </Alert>
            )}
            <Button onClick={() => void join()} mih={44}>
              {ORG_TEXTS.joinAs(user.email)}
            </Button>
            {inv.sentToSignedInUser === false && (
              <Button
                variant="default"
                mih={44}
                onClick={() => {
                  void signOut().finally(() => void navigate(withReturnUrl('/signin', '/invitation')));
                }}
              >
                Sign in as a different user
              </Button>
            )}
          </Stack>
        ) : status === 'partial' ? (
          <Button component={Link} to={withReturnUrl('/mfa', '/invitation')} mih={44}>
            Verify your account to join
          </Button>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to={withReturnUrl('/signup', '/invitation')} mih={44}>
              {ORG_TEXTS.createAccount}
            </Button>
            <Button component={Link} to={withReturnUrl('/signin', '/invitation')} variant="default" mih={44}>
              {ORG_TEXTS.haveAccount}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  useEffect(() => {
    document.title = 'Invitation · Vigil';
  }, []);
  return body;
}
