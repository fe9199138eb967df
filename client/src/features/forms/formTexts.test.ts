import { describe, expect, it } from 'vitest';
import { formErrorText, formsOwner } from './formTexts.js';

describe('forms screens', () => {
  it('reuse one set of screens under the org and the parent app (spec 000 §2)', () => {
    expect(formsOwner({ orgId: 'acme' })).toEqual({ orgId: 'acme', base: '/org/acme/forms' });
    expect(formsOwner({ parentOrgId: 'group 1' })).toEqual({ orgId: 'group 1', base: '/parent/group%201/forms' });
  });

  it("say 'An unknown error occurred' for a code they do not know (spec 000 §8)", () => {
    expect(formErrorText('SOMETHING_ELSE')).toBe('An unknown error occurred');
    expect(formErrorText('NOT_AUTHORIZED')).toContain('requires admin');
  });
});
