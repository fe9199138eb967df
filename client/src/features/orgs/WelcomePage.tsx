import { Button, Group } from '@mantine/core';
import { SHELL_TEXTS } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { OrgList } from './OrgList.js';
import { sessionOrgLinks } from '../../session/sessionOrgs.js';

/**
 * `/`: 'Which org do you want to view?' listing the session's organisations (spec 000 §2); the
 * single-org and no-org redirects happen before it (HomeRedirect, spec 000 §4). A session with
 * no organisations renders nothing; a visitor who is not signed in is offered sign-in and sign-up
 * (decision: a blank page would leave them stranded).
 */
export function WelcomePage(): ReactNode {
  const { session } = useSession();
  if (session && sessionOrgLinks(session).length === 0) return null;
  return (
    <Page title={SHELL_TEXTS.welcomeTitle}>
      {session ? (
        <OrgList session={session} />
      ) : (
        <Group>
          <Button component={Link} to="/signin" mih={44}>
            Sign In
          </Button>
          <Button component={Link} to="/signup" variant="default" mih={44}>
            Sign Up
          </Button>
        </Group>
      )}
    </Page>
  );
}
