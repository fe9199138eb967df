import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { OpenPdfButton } from './FinalizedReportsList.js';

/** `/org/{orgId}/report-review/view?pdfId=…&caseId=…`: one signed report, opened as its PDF. */
export function ReportReviewViewPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [params] = useSearchParams();
  const pdfId = params.get('pdfId');
  const caseId = params.get('caseId');
  return (
    <Page title="Report Review">
      {pdfId ? (
        <Stack gap="sm" align="flex-start">
          <OpenPdfButton orgId={orgId} pdfId={pdfId} label="Open PDF" />
          {caseId && (
            <Anchor component={Link} to={`/org/${orgId}/cases/${caseId}`}>
              Open the case
            </Anchor>
          )}
        </Stack>
      ) : (
        <Alert color="gray" title="No report chosen">
          Choose a report on{' '}
          <Anchor component={Link} to={`/org/${orgId}/report-review`}>
            Report Review
          </Anchor>
          .
        </Alert>
      )}
    </Page>
  );
}
