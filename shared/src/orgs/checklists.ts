import { z } from 'zod';
import { parseListTextarea } from '../rules/list-textarea.js';

/*
 * The office's checklists (issue 39; spec 001 §3 "Checklists (preOpChecklist, optChecks)", spec
 * 002 §2, §4 checklist form): the labels a new case's pre-op checklist and operative checks start
 * with, edited at the office through the list textarea.
 */

/** The two checklists an office keeps: the case keys they seed. */
export const ORG_CHECKLIST_KINDS = ['preOpChecklist', 'optChecks'] as const;
export type OrgChecklistKind = (typeof ORG_CHECKLIST_KINDS)[number];

/** Limits of an office checklist (the spec gives none: docs/decisions.md, session 26). */
export const ORG_CHECKLIST_LIMITS = { maxItems: 100, maxItemLength: 200 } as const;

/**
 * [LT4] An office checklist as stored: the lines of the list textarea as LT1 reads them (no blank
 * line, no leading digits, dashes, dots, underscores or whitespace), at least one, at most 100
 * items of at most 200 characters. The server checks a list sent to it with this schema, so a
 * list only a browser cleaned is never trusted.
 */
export const orgChecklistItemsSchema = z
  .array(z.string().max(ORG_CHECKLIST_LIMITS.maxItemLength))
  .min(1)
  .max(ORG_CHECKLIST_LIMITS.maxItems)
  .refine((items) => items.every((item) => isOneListLine(item)), {
    message: 'Each item is one line as the list reads it (no blank line or leading numbering).',
  });

/** Whether an item is exactly one line as the list textarea reads it (LT1). */
function isOneListLine(item: string): boolean {
  const lines = parseListTextarea(item);
  return lines.length === 1 && lines[0] === item;
}

/** The office's checklists as GraphQL answers them: null for a list the office never saved. */
export const orgChecklistsViewSchema = z.object({
  preOpChecklist: z.array(z.string()).nullable(),
  optChecks: z.array(z.string()).nullable(),
});
export type OrgChecklistsView = z.infer<typeof orgChecklistsViewSchema>;

/** The text the checklist form starts from: one item a line (spec 002 §5 list textarea). */
export function checklistText(items: readonly string[] | null): string {
  return (items ?? []).join('\n');
}
