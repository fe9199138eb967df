/** List textarea and checklist form rules (spec 002 §4, §5). */

/** The textarea shows at least this many rows (spec 002 §5). */
export const LIST_TEXTAREA_MIN_ROWS = 4;

/**
 * [LT1] List textarea parsing (spec 002 §5): leading digits, dashes, dots, underscores and
 * whitespace are stripped from each line; blank lines are not counted.
 */
export function parseListTextarea(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^[\d\-._\s]+/, '').trimEnd())
    .filter((line) => line !== '');
}

/** [LT2] The count line under the textarea: 'Contains N items' (spec 002 §5). */
export function listCountText(items: readonly string[]): string {
  return `Contains ${items.length} items`;
}

/** [LT3] The checklist form's Save is enabled only when the text has changed and the list is non-empty (spec 002 §4). */
export function canSaveChecklist(original: string, edited: string): boolean {
  return edited !== original && parseListTextarea(edited).length > 0;
}
