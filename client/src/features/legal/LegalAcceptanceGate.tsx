import { ORG_TEXTS } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { acceptLegalDocuments, fetchLegalDocumentsToAccept, type LegalDocumentView } from '../../data/legal.js';
import { errorCode } from '../../session/errors.js';
import { useSession } from '../../session/SessionProvider.js';
import { LegalAcceptanceDialog } from './LegalAcceptanceDialog.js';

/** What the dialog says when a document changed again while it was open. */
export const LEGAL_CHANGED_TEXT = 'A document changed while this dialog was open. Please read the new version.';

/**
 * After sign-in (a fully signed-in session), asks the server which legal documents the user has
 * not accepted at their current version (spec 000 §7) and, when there are any, blocks the app with
 * the acceptance dialog until they are accepted. When the server cannot be reached nothing is
 * shown: an offline tablet is never locked out of its cases (asked again at the next start).
 */
export function LegalAcceptanceGate(): ReactNode {
  const { status, user, signOut } = useSession();
  const userId = status === 'full' ? (user?.id ?? null) : null;
  const [documents, setDocuments] = useState<LegalDocumentView[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDocuments([]);
    if (!userId) return;
    let live = true;
    fetchLegalDocumentsToAccept().then(
      (docs) => live && setDocuments(docs),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const accept = useCallback(() => {
    setSubmitting(true);
    setError(null);
    acceptLegalDocuments(documents.map((d) => ({ document: d.name, version: d.version }))).then(
      (rest) => {
        setSubmitting(false);
        setDocuments(rest);
      },
      (err: unknown) => {
        setSubmitting(false);
        if (errorCode(err) === 'CONTRACT_VERSION_CHANGED') {
          setError(LEGAL_CHANGED_TEXT);
          void fetchLegalDocumentsToAccept().then(setDocuments, () => undefined);
        } else setError(ORG_TEXTS.orgDetailsDefaultError);
      },
    );
  }, [documents]);

  if (!userId || documents.length === 0) return null;
  return (
    <LegalAcceptanceDialog
      // A new set of documents starts with every box clear.
      key={documents.map((d) => `${d.name}@${d.version}`).join(',')}
      documents={documents}
      submitting={submitting}
      error={error}
      onAccept={accept}
      onSignOut={() => void signOut()}
    />
  );
}
