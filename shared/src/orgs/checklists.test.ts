import { describe, expect, it } from 'vitest';
import { checklistText, ORG_CHECKLIST_LIMITS, orgChecklistItemsSchema } from './checklists.js';

describe('an office checklist as the server keeps it', () => {
  it.each([
    [['Consent signed', 'Escort present'], true],
    [['Consent signed'], true],
    // Empty: the form never saves one (LT3), and neither does the server.
    [[], false],
    [['1. Consent signed'], false],
    [['- Escort'], false],
    [['  Escort'], false],
    [[''], false],
    [['Two\nlines'], false],
    [['x'.repeat(ORG_CHECKLIST_LIMITS.maxItemLength)], true],
    [['x'.repeat(ORG_CHECKLIST_LIMITS.maxItemLength + 1)], false],
    [Array.from({ length: ORG_CHECKLIST_LIMITS.maxItems }, (_, i) => `Item ${i}`), true],
    [Array.from({ length: ORG_CHECKLIST_LIMITS.maxItems + 1 }, (_, i) => `Item ${i}`), false],
  ])('[LT4] accepts %j: %s', (items, ok) => {
    expect(orgChecklistItemsSchema.safeParse(items).success).toBe(ok);
  });

  it('writes the list one item a line for the form, empty for a list never saved', () => {
    expect(checklistText(['A', 'B'])).toBe('A\nB');
    expect(checklistText(null)).toBe('');
  });
});
