import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { SmartSuggestions } from '../../../ui/kit/SmartSuggestions.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import type { CaseSectionProps } from '../caseSection.js';
import { useCaseText } from '../../../case/index.js';
import { PROCEDURE_NOTE_SUGGESTIONS, RECOVERY_NOTE_SUGGESTIONS } from '../suggestions.js';
import { NotesSignature } from './NotesSignature.js';

/**
 * Procedure and recovery notes (spec 001 §3), each a shared text two people can type in at once,
 * with its smart suggestions (spec 002 §5: sentences) and its signature (spec 002 §3 report data).
 */
export function NotesSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const [procedureNotes, setProcedureNotes] = useCaseText(doc, 'procedureNotes');
  const [recoveryNotes, setRecoveryNotes] = useCaseText(doc, 'recoveryNotes');
  return (
    <SectionFrame id="case-notes" title="Notes">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="xs">
          <GrowingTextarea
            label="Procedure notes"
            minRows={4}
            size="md"
            value={procedureNotes}
            disabled={readOnly}
            onChange={(e) => setProcedureNotes(e.currentTarget.value)}
          />
          <SmartSuggestions
            label="Suggested procedure sentences"
            type="sentence"
            suggestions={PROCEDURE_NOTE_SUGGESTIONS}
            value={procedureNotes}
            onChange={setProcedureNotes}
            disabled={readOnly}
          />
          <NotesSignature doc={doc} field="procedureNotesSignature" what="procedure" disabled={readOnly} />
        </Stack>
        <Stack gap="xs">
          <GrowingTextarea
            label="Recovery notes"
            minRows={4}
            size="md"
            value={recoveryNotes}
            disabled={readOnly}
            onChange={(e) => setRecoveryNotes(e.currentTarget.value)}
          />
          <SmartSuggestions
            label="Suggested recovery sentences"
            type="sentence"
            suggestions={RECOVERY_NOTE_SUGGESTIONS}
            value={recoveryNotes}
            onChange={setRecoveryNotes}
            disabled={readOnly}
          />
          <NotesSignature doc={doc} field="recoveryNotesSignature" what="recovery" disabled={readOnly} />
        </Stack>
      </SimpleGrid>
    </SectionFrame>
  );
}
