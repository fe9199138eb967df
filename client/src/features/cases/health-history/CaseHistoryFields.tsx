import { historyFieldsAt, type PatientHistoryField } from '@vigil/shared';
import type { ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { Stack } from '@mantine/core';
import { LightText } from '../../../ui/LightLayout.js';
import { useCaseValue } from '../../../case/index.js';
import { HISTORY_FIELD_LABELS } from './labels.js';

/** The case's value of an elsewhere field as one line of text, or null when it says nothing. */
export function historyFieldText(field: PatientHistoryField, value: unknown): string | null {
  if (value == null) return null;
  if (typeof value === 'boolean') {
    if (field === 'systemsReviewSkipped') return value ? 'Skipped' : null;
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  if (field === 'medications' && Array.isArray(value)) {
    const names = value
      .map((m) => (m as { name?: unknown } | null)?.name)
      .filter((n): n is string => typeof n === 'string' && n.trim() !== '');
    return names.length > 0 ? names.join(', ') : null;
  }
  if (field === 'systemsReview') {
    const cats = Object.entries(value as Record<string, { hasEntries?: unknown; entries?: unknown } | null>).flatMap(
      ([category, c]) => {
        const n = Array.isArray(c?.entries) ? c.entries.length : 0;
        return c?.hasEntries === true || n > 0 ? [n > 0 ? `${category} (${n})` : category] : [];
      },
    );
    return cats.length > 0 ? cats.join(', ') : 'No findings';
  }
  return null;
}

function FieldLine({ doc, field }: { doc: CaseDoc | undefined; field: PatientHistoryField }): ReactNode {
  const [value] = useCaseValue<unknown>(doc, field);
  const shown = historyFieldText(field, value);
  if (shown === null) return null;
  return (
    <LightText size="sm" data-testid={`case-history-field-${field}`}>
      <strong>{HISTORY_FIELD_LABELS[field]}:</strong> {shown}
    </LightText>
  );
}

const ELSEWHERE = historyFieldsAt('elsewhere');

/**
 * The fields the case holds from its health history and the history keeps (HX1 elsewhere): shown
 * read-only; a change is made in the health history and copied again.
 */
export function CaseHistoryFields({ doc }: { doc: CaseDoc | undefined }): ReactNode {
  return (
    <Stack gap={2} aria-label="From the health history" role="group">
      <LightText size="sm" c="dimmed">
        From the health history (changed there, then copied again):
      </LightText>
      {ELSEWHERE.map((f) => (
        <FieldLine key={f} doc={doc} field={f} />
      ))}
    </Stack>
  );
}
