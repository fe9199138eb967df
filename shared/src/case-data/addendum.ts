import { ADDENDUM_LIMITS } from '../constants/case.js';
import type { Issue } from './issue.js';
import { errorIssue as error } from './issue.js';

/** The addendum error code (spec 001 §5, §8). */
export const INVALID_ADDENDUM = 'INVALID_ADDENDUM';

const FIELDS = [
  ['title', ADDENDUM_LIMITS.title],
  ['text', ADDENDUM_LIMITS.text],
  ['signerName', ADDENDUM_LIMITS.signerName],
  ['signature', ADDENDUM_LIMITS.signature],
] as const;

/**
 * [CD9] Addendums (spec 001 §5): must be a list ('Addendums must be a list'); each needs a
 * title (max 100), text (max 4000), signer name (max 100) and signature (max 20000 characters),
 * all required, otherwise INVALID_ADDENDUM. signatureTime is kept as given.
 */
export function validateAddendums(addendums: unknown): Issue[] {
  if (!Array.isArray(addendums)) return [error(INVALID_ADDENDUM, 'Addendums must be a list', ['addendums'])];
  const issues: Issue[] = [];
  addendums.forEach((a: unknown, index) => {
    if (a == null || typeof a !== 'object') {
      issues.push(error(INVALID_ADDENDUM, 'Addendum must be an object', ['addendums', index]));
      return;
    }
    for (const [field, max] of FIELDS) {
      const value = (a as Record<string, unknown>)[field];
      if (typeof value !== 'string' || value.trim() === '') {
        issues.push(error(INVALID_ADDENDUM, `${field} is required`, ['addendums', index, field]));
      } else if (value.length > max) {
        issues.push(error(INVALID_ADDENDUM, `${field} must be at most ${max} characters`, ['addendums', index, field]));
      }
    }
  });
  return issues;
}
