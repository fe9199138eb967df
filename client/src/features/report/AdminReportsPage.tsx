import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { FinalizedReportsList } from './FinalizedReportsList.js';

/** `/org/{orgId}/admin-reports`: every finalized report of the office, with the unsigned cases a click away. */
export function AdminReportsPage(): ReactNode {
  const { orgId = '' } = useParams();
  return (
    <Page title="Admin Reports">
      <Group>
        <Anchor component={Link} to={`/org/${orgId}/admin-reports/unsigned`}>
          Unsigned reports
        </Anchor>
      </Group>
      <FinalizedReportsList orgId={orgId} />
    </Page>
  );
}
