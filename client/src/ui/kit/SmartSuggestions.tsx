import { Group } from '@mantine/core';
import { applySuggestion, visibleSuggestions, type SuggestionType } from '@vigil/shared';
import type { ReactNode } from 'react';
import { LightButton } from './LightButton.js';

export interface SmartSuggestionsProps {
  /**
   * The panel's name for a screen reader: 'Suggested procedure sentences'. Not the field's own
   * label, so finding the field by its label finds the field alone.
   */
  label: string;
  suggestions: readonly string[];
  type: SuggestionType;
  /** The field's text now. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** Whether a choice is in the field (multiple: one of its comma-separated items; single: the value). */
function chosen(value: string, suggestion: string, type: SuggestionType): boolean {
  if (type === 'sentence') return false;
  const v = value.trim();
  if (type === 'single') return v === suggestion;
  return v
    .split(',')
    .map((s) => s.trim())
    .includes(suggestion);
}

/**
 * The smart suggestions panel (spec 002 §2, §5): at most 5 suggestions (SS1) as buttons under a
 * field; a sentence is appended after a period and a space, a multiple choice is added to or
 * taken from the comma-separated list, a single choice replaces the value or clears it (SS2).
 * Choices already in the field show pressed (aria-pressed and the light variant).
 */
export function SmartSuggestions({
  label,
  suggestions,
  type,
  value,
  onChange,
  disabled = false,
}: SmartSuggestionsProps): ReactNode {
  const shown = visibleSuggestions(suggestions);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label={label}>
      {shown.map((s) => {
        const on = chosen(value, s, type);
        return (
          <LightButton
            key={s}
            size="sm"
            variant={on ? 'light' : 'subtle'}
            disabled={disabled}
            {...(type === 'sentence' ? {} : { 'aria-pressed': on })}
            onClick={() => onChange(applySuggestion(value, s, type))}
          >
            {s}
          </LightButton>
        );
      })}
    </Group>
  );
}
