import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { tourPath } from '@vigil/shared';
import { useSession } from '../../session/SessionProvider.js';
import { HelpFeedback } from './HelpFeedback.js';
import { OrgList } from './OrgList.js';

/** The switcher modal's name in the URL hash (spec 000 §2: modals are opened through the hash). */
export const SELECT_ORG_MODAL = '#selectOrg';
/** The help and feedback modal's name in the URL hash (spec 000 §2: "helFeedback is spelled helpFeedback"). */
export const HELP_FEEDBACK_MODAL = '#helpFeedback';

/** The L.A. tracker's place on the case screen (the case screen's section anchor). */
export const LA_TRACKER_ANCHOR = 'la-tracker';

/** The organisation and case the current path is in, if any. */
export function caseContext(pathname: string): { orgId: string | null; appointmentId: string | null } {
  const inCase = matchPath('/org/:orgId/cases/:appointmentId', pathname);
  if (inCase) return { orgId: inCase.params.orgId ?? null, appointmentId: inCase.params.appointmentId ?? null };
  const inOrg = matchPath('/org/:orgId/*', pathname);
  return { orgId: inOrg?.params.orgId ?? null, appointmentId: null };
}

/** `/demo?orgId=…&mode=testMonitors` (spec 000 §2 /demo route) for the current organisation. */
export function testMonitorsHref(orgId: string | null): string {
  const query = new URLSearchParams({ ...(orgId ? { orgId } : {}), mode: 'testMonitors' });
  return `/demo?${query.toString()}`;
}

/**
 * The account menu of spec 000 §2: Profile, Help / Feedback, Test Monitor Connection, Open L.A.
 * Tracker, Start Tour Mode (the office's tour screen), Switch organizations, Sign Out.
 */
export function AccountMenu(): ReactNode {
  const { user, session, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [notice, setNotice] = useState<'tracker' | 'tour' | null>(null);
  // Mantine's menu (a popover with floating positioning, transitions and focus handling) is made
  // the first time it opens: until then the header has only its button, as every screen (a case
  // opening on a throttled tablet among them) renders it before its first frame.
  const [menuMade, setMenuMade] = useState(false);
  if (!user || !session) return null;
  const switcherOpen = hash.startsWith(SELECT_ORG_MODAL);
  const helpOpen = hash.startsWith(HELP_FEEDBACK_MODAL);
  // Both hash-addressed dialogs (Switch organizations, Help / Feedback) close by dropping the hash.
  const closeHashModal = (): void => {
    void navigate(`${pathname}${search}`, { replace: true });
  };
  const { orgId, appointmentId } = caseContext(pathname);
  const openTracker = (): void => {
    const tracker = appointmentId ? document.getElementById(LA_TRACKER_ANCHOR) : null;
    if (tracker) tracker.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else setNotice('tracker');
  };
  const menuButton = (onClick?: () => void): ReactNode => (
    <Button
      variant="subtle"
      mih={44}
      maw="45vw"
      aria-label={`Account menu for ${user.name}`}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      {...(onClick ? { onClick, 'aria-haspopup': 'menu', 'aria-expanded': false } : {})}
    >
      {user.name}
    </Button>
  );
  return (
    <>
      {!menuMade ? (
        menuButton(() => setMenuMade(true))
      ) : (
        <Menu position="bottom-end" withinPortal defaultOpened>
          <Menu.Target>{menuButton()}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item mih={44} onClick={() => void navigate('/profile')}>
              Profile
            </Menu.Item>
            <Menu.Item mih={44} onClick={() => void navigate(`${pathname}${search}${HELP_FEEDBACK_MODAL}`)}>
              Help / Feedback
            </Menu.Item>
            <Menu.Item mih={44} onClick={() => void navigate(testMonitorsHref(orgId))}>
              Test Monitor Connection
            </Menu.Item>
            <Menu.Item mih={44} onClick={openTracker}>
              Open L.A. Tracker
            </Menu.Item>
            <Menu.Item mih={44} onClick={() => (orgId ? void navigate(tourPath(orgId, 'tour')) : setNotice('tour'))}>
              Start Tour Mode
            </Menu.Item>
            <Menu.Item mih={44} onClick={() => void navigate(`${pathname}${search}${SELECT_ORG_MODAL}`)}>
              Switch organizations
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              mih={44}
              onClick={() => {
                void signOut().finally(() => void navigate('/signin'));
              }}
            >
              Sign Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {/* Mounted only while open: three closed Mantine modals in the header of every screen
          rendered with it each time (a case screen on a throttled tablet renders it three times
          while it opens). */}
      {switcherOpen && (
        <Modal opened onClose={closeHashModal} title="Switch organizations">
          <OrgList session={session} />
        </Modal>
      )}
      {helpOpen && (
        // Not closed by a click outside: a stray click would lose the typed message, and the second
        // click of a double press on Send lands outside the shorter confirmation.
        <Modal opened onClose={closeHashModal} title="Help / Feedback" closeOnClickOutside={false}>
          <HelpFeedback orgId={orgId} onClose={closeHashModal} />
        </Modal>
      )}
      {notice !== null && (
        <Modal
          opened
          onClose={() => setNotice(null)}
          title={notice === 'tour' ? 'Start Tour Mode' : 'Open L.A. Tracker'}
        >
          {notice === 'tour' ? (
            <Text>The tour is a practice case in one of your offices. Open an office, then start the tour again.</Text>
          ) : (
            <Stack gap="sm">
              <Text>The local anesthetic tracker is part of a case. Open a case to use it.</Text>
              {orgId && (
                <Group>
                  <Button
                    component={Link}
                    to={`/org/${encodeURIComponent(orgId)}/cases`}
                    mih={44}
                    onClick={() => setNotice(null)}
                  >
                    Go to Cases
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Modal>
      )}
    </>
  );
}
