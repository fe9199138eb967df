import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SHELL_TEXTS } from '@vigil/shared';
import { Page } from './Page.js';

/** Not-found page: 'Could not find page: {path}' (spec 000 §2). */
export function NotFound(): ReactNode {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <Text data-testid="not-found">{SHELL_TEXTS.notFound(pathname)}</Text>
      <Anchor component={Link} to="/">
        Go to the start page
      </Anchor>
    </Page>
  );
}
