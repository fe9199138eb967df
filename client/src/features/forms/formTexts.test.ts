import { REFUSAL_TEXTS } from '@vigil/shared';
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

/** Codes the forms screens word for their own task. */
const FORMS_WORDED = ['NETWORK_ERROR', 'NOT_AUTHORIZED', 'NOT_FOUND', 'SUDO_REQUIRED', 'INVALID_INPUT'];

describe("the forms screens' refusals (issue 37)", () => {
  it.each(Object.entries(REFUSAL_TEXTS).filter(([code]) => !FORMS_WORDED.includes(code)))(
    '%s reads the catalogue text, never the unknown error',
    (code, text) => {
      expect(formErrorText(code)).toBe(text);
    },
  );

  it('says the form builder is not on when saving a builder form is refused FEATURE_DISABLED', () => {
    expect(formErrorText('FEATURE_DISABLED')).toBe('This is not turned on for this organization.');
  });
});
