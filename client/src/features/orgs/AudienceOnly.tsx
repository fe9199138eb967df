import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../ui/Page.js';
import type { SubAppRoute } from '../../ui/SubAppRoutes.js';

/** A screen of a sub-app the signed-in user is not an audience of (spec 000 §6): its title and why not. */
export function NotForYou({ title, reason }: { title: string; reason: string }): ReactNode {
  return (
    <Page title={title}>
      <Alert color="gray" title="Not available to you">
        {reason}
      </Alert>
    </Page>
  );
}

/** A sub-app's routes with every screen replaced by its not-for-you notice. */
export function audienceOnly(routes: readonly SubAppRoute[], reason: string): SubAppRoute[] {
  return routes.map((r) => ({ ...r, element: <NotForYou title={r.title} reason={reason} /> }));
}
