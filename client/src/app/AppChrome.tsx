import { Anchor, AppShell, Breadcrumbs, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from '../features/orgs/AccountMenu.js';
import { breadcrumbs } from './breadcrumbs.js';
import { Footer } from './Footer.js';
import { isNewNavItem } from '../ui/newBadge.js';
import { LightNavLink } from '../ui/LightNavLink.js';
import { StatusBar } from '../session/StatusBar.js';
import type { SubAppChromeProps } from '../ui/SubAppRoutes.js';
import { foldsNavigation, subAppOf } from './subApps.js';

export type AppChromeProps = SubAppChromeProps;

/**
 * The application chrome of the sub-apps (spec 000 §1, §2): a header with the logo and the
 * app's name, a navigation that is a slide-out drawer under 600 px (and folded away on a case
 * screen at every size), the sticky status bar, breadcrumbs, and the footer.
 */
export function AppChrome({ nav, children }: AppChromeProps): ReactNode {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const app = subAppOf(pathname);
  const crumbs = breadcrumbs(pathname);
  // Read as the chrome renders (each navigation): a badge ends within a screen of its 15th day (NB1).
  const now = Date.now();
  // On a case screen the sidebar folds away at every size; the menu button brings it back.
  const folds = foldsNavigation(pathname);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: folds && !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom={folds ? undefined : 'sm'}
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={opened}
            aria-controls="main-navigation"
          />
          <Anchor component={Link} to={app.logoHref} underline="never" aria-label="Vigil home">
            <Group gap={8} wrap="nowrap">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <Text fw={700} c="blue.8">
                Vigil
              </Text>
            </Group>
          </Anchor>
          <Text fw={500} c="dimmed" truncate data-testid="app-name">
            {app.name}
          </Text>
          <Group ml="auto" wrap="nowrap">
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" id="main-navigation">
        {/* Scrolls natively: Mantine's ScrollArea measures itself as it mounts (a forced layout on every screen's first render). */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {nav.map((item) => (
            <LightNavLink
              key={item.href}
              href={item.href}
              label={item.label}
              isNew={isNewNavItem(item.releasedOn, now)}
              active={pathname === item.href || (!item.exact && pathname.startsWith(`${item.href}/`))}
              onClick={close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <StatusBar />
        {crumbs.length > 1 && (
          <nav aria-label="Breadcrumbs">
            <Breadcrumbs mb="sm">
              {crumbs.map((c) => (
                <Anchor key={c.href} component={Link} to={c.href} size="sm">
                  {c.label}
                </Anchor>
              ))}
            </Breadcrumbs>
          </nav>
        )}
        {children}
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
