import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import type { CaseSectionProps } from '../caseSection.js';
import { useCaseText } from '../../../case/index.js';
import { NotesSignature } from './NotesSignature.js';

/** Procedure and recovery notes (spec 001 §3), each a shared text two people can type in at once. */
export function NotesSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const [procedureNotes, setProcedureNotes] = useCaseText(doc, 'procedureNotes');
  const [recoveryNotes, setRecoveryNotes] = useCaseText(doc, 'recoveryNotes');
  return (
    <SectionFrame id="case-notes" title="Notes">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <GrowingTextarea
          label="Procedure notes"
          minRows={4}
          size="md"
          value={procedureNotes}
          disabled={readOnly}
          onChange={(e) => setProcedureNotes(e.currentTarget.value)}
        />
        <GrowingTextarea
          label="Recovery notes"
          minRows={4}
          size="md"
          value={recoveryNotes}
          disabled={readOnly}
          onChange={(e) => setRecoveryNotes(e.currentTarget.value)}
        />
        <NotesSignature doc={doc} field="procedureNotesSignature" notes="procedure notes" disabled={readOnly} />
        <NotesSignature doc={doc} field="recoveryNotesSignature" notes="recovery notes" disabled={readOnly} />
      </SimpleGrid>
    </SectionFrame>
  );
}
