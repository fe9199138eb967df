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
  return (
    <SectionFrame id="case-notes" title="Notes">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <NoteColumn doc={doc} readOnly={readOnly} note={NOTES.procedure} />
        <NoteColumn doc={doc} readOnly={readOnly} note={NOTES.recovery} />
      </SimpleGrid>
    </SectionFrame>
  );
}

/** The two notes: each one's field, label, suggestions and signature. */
const NOTES = {
  procedure: {
    field: 'procedureNotes',
    label: 'Procedure notes',
    suggestionsLabel: 'Suggested procedure sentences',
    suggestions: PROCEDURE_NOTE_SUGGESTIONS,
    signature: 'procedureNotesSignature',
    what: 'procedure',
  },
  recovery: {
    field: 'recoveryNotes',
    label: 'Recovery notes',
    suggestionsLabel: 'Suggested recovery sentences',
    suggestions: RECOVERY_NOTE_SUGGESTIONS,
    signature: 'recoveryNotesSignature',
    what: 'recovery',
  },
} as const;

interface NoteColumnProps extends Pick<CaseSectionProps, 'doc' | 'readOnly'> {
  note: (typeof NOTES)[keyof typeof NOTES];
}

/** One note: its text, its suggested sentences and its signature. */
function NoteColumn({ doc, readOnly, note }: NoteColumnProps): ReactNode {
  const [text, setText] = useCaseText(doc, note.field);
  return (
    <Stack gap="xs">
      <GrowingTextarea
        label={note.label}
        minRows={4}
        size="md"
        value={text}
        disabled={readOnly}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <SmartSuggestions
        label={note.suggestionsLabel}
        type="sentence"
        suggestions={note.suggestions}
        value={text}
        onChange={setText}
        disabled={readOnly}
      />
      <NotesSignature doc={doc} field={note.signature} what={note.what} disabled={readOnly} />
    </Stack>
  );
}
