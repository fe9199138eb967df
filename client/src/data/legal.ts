import type { LegalAcceptance, LegalDocumentView } from '@vigil/shared';
import { graphql } from './graphql.js';

export type { LegalDocumentView };

const FIELDS = 'name title version updated html preamble postText checkboxText signedText';

/** The current legal documents the signed-in user has not accepted yet (GraphQL legalDocumentsToAccept). */
export async function fetchLegalDocumentsToAccept(): Promise<LegalDocumentView[]> {
  const data = await graphql<{ legalDocumentsToAccept: LegalDocumentView[] }>(
    `query LegalDocumentsToAccept { legalDocumentsToAccept { ${FIELDS} } }`,
  );
  return data.legalDocumentsToAccept;
}

/** Accepts legal documents at the versions shown; answers those still to accept (GraphQL acceptLegalDocuments). */
export async function acceptLegalDocuments(accepted: LegalAcceptance[]): Promise<LegalDocumentView[]> {
  const data = await graphql<{ acceptLegalDocuments: LegalDocumentView[] }>(
    `mutation AcceptLegalDocuments($accepted: [LegalAcceptanceInput!]!) {
      acceptLegalDocuments(accepted: $accepted) { ${FIELDS} }
    }`,
    { accepted },
  );
  return data.acceptLegalDocuments;
}
