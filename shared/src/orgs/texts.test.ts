import { describe, expect, it } from 'vitest';
import { ORG_TYPES } from '../enums.js';
import { ORG_FORM_TEXTS, ORG_TYPE_CHOICES, ORG_TYPE_LABELS } from './texts.js';

describe('organisation form texts (spec 001 §2 Organization model)', () => {
  it('names the fields as the spec does: Organization Name, Organization Type, Organization Billing Email', () => {
    expect(ORG_FORM_TEXTS).toEqual({
      name: 'Organization Name',
      type: 'Organization Type',
      billingEmail: 'Organization Billing Email',
      billingEmailSublabel: 'Used for sending receipts.',
    });
  });

  it('labels every organisation type of spec 000 §6 and offers regular and parent to choose', () => {
    for (const t of ORG_TYPES) expect(ORG_TYPE_LABELS[t]).toBeTruthy();
    expect(ORG_TYPE_CHOICES.map((c) => c.value)).toEqual(['regular', 'parent']);
  });
});
