import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { canSaveChecklist, checklistText, parseListTextarea } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { ListTextarea } from '../../../ui/kit/ListTextarea.js';

/** The checklist form's states (spec 002 §4): idle, loading, loaded, saving, saved. */
export type ChecklistFormState = 'idle' | 'loading' | 'loaded' | 'saving' | 'saved';

/** The texts the form shows (spec 002 §2, §9; the saved message's words are ours: docs/decisions.md). */
export const CHECKLIST_FORM_TEXTS = {
  loading: 'Loading...',
  saving: 'Saving updated list...',
  saved: 'Saved updated list.',
} as const;

export interface ChecklistFormProps {
  /** The list's name: the textarea's label. */
  label: string;
  description?: string;
  /** The list as kept; null while loading, [] for a list never saved. */
  items: readonly string[] | null;
  /** Why the list could not be read (shown in place of the form). */
  loadError?: string | null;
  /** Saves the list as the textarea reads it; rejects with the text to show. */
  onSave: (items: string[]) => Promise<void>;
}

/**
 * The checklist edit form (spec 002 §2, §4): Loading..., then the list textarea with Save and
 * Cancel; Save only when the text changed and the list is not empty (LT3); Saving updated list...
 * while the server saves, then the saved message. Cancel puts back the list as kept.
 */
export function ChecklistForm({ label, description, items, loadError = null, onSave }: ChecklistFormProps): ReactNode {
  const original = checklistText(items);
  // null: untouched, the text follows the list as kept (a save's answer, another device's change).
  const [edited, setEdited] = useState<string | null>(null);
  const [state, setState] = useState<ChecklistFormState>('idle');
  const [error, setError] = useState<string | null>(null);
  if (loadError !== null && items === null) {
    return (
      <Alert color="red" role="alert" title={label}>
        {loadError}
      </Alert>
    );
  }
  if (items === null) {
    return (
      <Text role="status" size="sm">
        {CHECKLIST_FORM_TEXTS.loading}
      </Text>
    );
  }
  const text = edited ?? original;
  const saving = state === 'saving';
  const save = async (): Promise<void> => {
    setState('saving');
    setError(null);
    try {
      await onSave(parseListTextarea(text));
      setEdited(null);
      setState('saved');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setState('loaded');
    }
  };
  return (
    <Stack gap="xs">
      <ListTextarea
        label={label}
        description={description}
        value={text}
        disabled={saving}
        onChange={(v) => {
          setEdited(v);
          if (state === 'saved') setState('loaded');
        }}
      />
      <Group gap="sm">
        <Button mih={44} disabled={saving || !canSaveChecklist(original, text)} onClick={() => void save()}>
          Save
        </Button>
        <Button
          mih={44}
          variant="default"
          disabled={saving || text === original}
          onClick={() => {
            setEdited(null);
            setError(null);
          }}
        >
          Cancel
        </Button>
        <Text size="sm" role="status" aria-live="polite">
          {saving ? CHECKLIST_FORM_TEXTS.saving : state === 'saved' ? CHECKLIST_FORM_TEXTS.saved : ''}
        </Text>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
