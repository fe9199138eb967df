import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { FinalizedReportsList } from './FinalizedReportsList.js';

/** `/org/{orgId}/report-review`: the organisation's finalized reports, opening each PDF. */
export function ReportReviewPage(): ReactNode {
  const { orgId = '' } = useParams();
  return (
    <Page title="Report Review">
      <Text size="sm">
        Signed anesthesia records, newest first.{' '}
        <Anchor component={Link} to={`/org/${orgId}/admin-reports/unsigned`}>
          Cases waiting for a signature
        </Anchor>
      </Text>
      <FinalizedReportsList orgId={orgId} />
    </Page>
  );
}
