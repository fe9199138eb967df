import { MAX_SMART_SUGGESTIONS } from '../constants/widgets.js';

/** Smart suggestion types (spec 002 §5). */
export type SuggestionType = 'sentence' | 'multiple' | 'single';

/** [SS1] At most 5 suggestions are shown (spec 002 §5, §9). */
export function visibleSuggestions<T>(suggestions: readonly T[]): T[] {
  return suggestions.slice(0, MAX_SMART_SUGGESTIONS);
}

/**
 * [SS2] Applying a suggestion (spec 002 §5): sentence appends the text after a period and a
 * space ("A" + "B" → "A. B"; text already ending in a period gets only the space); multiple keeps
 * a comma-separated list and toggles the choice; single replaces the value, or clears it when the
 * same choice is picked again.
 */
export function applySuggestion(current: string, suggestion: string, type: SuggestionType): string {
  const cur = current.trim();
  switch (type) {
    case 'sentence':
      if (cur === '') return suggestion;
      return /[.!?]$/.test(cur) ? `${cur} ${suggestion}` : `${cur}. ${suggestion}`;
    case 'multiple': {
      const items =
        cur === ''
          ? []
          : cur
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== '');
      const next = items.includes(suggestion) ? items.filter((s) => s !== suggestion) : [...items, suggestion];
      return next.join(', ');
    }
    case 'single':
      return cur === suggestion ? '' : suggestion;
  }
}
