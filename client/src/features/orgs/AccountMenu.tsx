import { Button, Menu, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session/SessionProvider.js';
import { OrgList } from './OrgList.js';

/** The switcher modal's name in the URL hash (spec 000 §2: modals are opened through the hash). */
export const SELECT_ORG_MODAL = '#selectOrg';

/**
 * The account menu of spec 000 §2, with the items that lead somewhere in this version: Profile,
 * Switch organizations (the selectOrg modal) and Sign Out.
 */
export function AccountMenu(): ReactNode {
  const { user, session, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  if (!user || !session) return null;
  const switcherOpen = hash.startsWith(SELECT_ORG_MODAL);
  const closeSwitcher = (): void => {
    void navigate(`${pathname}${search}`, { replace: true });
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            mih={44}
            maw="45vw"
            aria-label={`Account menu for ${user.name}`}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {user.name}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item mih={44} onClick={() => void navigate('/profile')}>
            Profile
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
      <Modal opened={switcherOpen} onClose={closeSwitcher} title="Switch organizations">
        <OrgList session={session} />
      </Modal>
    </>
  );
}
