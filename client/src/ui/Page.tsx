import { Alert, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export interface PageProps {
  title: string;
  children?: ReactNode;
}

/** A page with its title as the document title and the first heading. */
export function Page({ title, children }: PageProps): ReactNode {
  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A screen the spec lists that no release has built yet: its title and an honest notice, never fake data. */
export function NotAvailableYet({ title }: { title: string }): ReactNode {
  return (
    <Page title={title}>
      <Alert color="gray" title="Not available yet">
        This screen is part of Vigil but has not been built in this version.
      </Alert>
    </Page>
  );
}
