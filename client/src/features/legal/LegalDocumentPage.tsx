import { Card, Stack, Text, Typography } from '@mantine/core';
import { LEGAL_DOCUMENT_TITLES, LEGAL_DOCUMENTS, type LegalDocumentName } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Page } from '../../ui/Page.js';

export interface LegalDocumentPageProps {
  name: LegalDocumentName;
}

/** /legal/terms and /legal/privacy: a legal document at its current version (spec 000 §7), public. */
export function LegalDocumentPage({ name }: LegalDocumentPageProps): ReactNode {
  const doc = LEGAL_DOCUMENTS[name];
  return (
    <Page title={LEGAL_DOCUMENT_TITLES[name]}>
      <Stack gap="md" maw={760}>
        <Text size="sm" c="dimmed">
          Version {doc.version}, updated {doc.updated}
        </Text>
        <Text>{doc.preamble}</Text>
        <Card withBorder padding="md">
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: doc.html }} />
          </Typography>
        </Card>
        <Text size="sm">{doc.postText}</Text>
      </Stack>
    </Page>
  );
}
