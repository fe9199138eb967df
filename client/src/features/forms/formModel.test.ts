import { describe, expect, it } from 'vitest';
import { draftErrors, EMPTY_DRAFT, moveField, newField, type OrgFormField } from './formModel.js';
import { sizeIndicator } from './MarkdownEditor.js';

const field = (name: string, type: OrgFormField['type'] = 'text'): OrgFormField => ({
  name,
  label: name,
  type,
  required: true,
});

describe('form builder', () => {
  it('[FC3] names a new field after its type and numbers it when the name is taken', () => {
    expect(newField('selfie', [])).toEqual({ name: 'photo', label: 'Photo', type: 'selfie', required: true });
    expect(newField('selfie', [field('photo', 'selfie')]).name).toBe('photo2');
    expect(newField('selfie', [field('photo', 'selfie'), field('photo2', 'selfie')]).name).toBe('photo3');
    expect(newField('text', []).name).toBe('signerName');
  });

  it.each([
    // drag the first row onto the third: a b c → b c a
    [0, 2, ['b', 'c', 'a']],
    // Move up on the last row: a b c → a c b
    [2, 1, ['a', 'c', 'b']],
    // Move down on the first: a b c → b a c
    [0, 1, ['b', 'a', 'c']],
    // out of range or onto itself: unchanged
    [0, -1, ['a', 'b', 'c']],
    [2, 3, ['a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c']],
  ])('[FC4] moves row %i to %i', (from, to, expected) => {
    expect(moveField(['a', 'b', 'c'], from, to)).toEqual(expected);
  });

  it("[FC5] asks for a name ('Missing name'), labels, and unique placeholder names", () => {
    const errors = draftErrors(
      { ...EMPTY_DRAFT, name: ' ', fields: [field('signerName'), { ...field('signerName'), label: '' }, field('2x')] },
      100000,
    );
    expect(errors).toEqual({
      name: 'Missing name',
      'fields.1.label': 'Missing label',
      'fields.1.name': 'Another field has this name',
      'fields.2.name': 'Letters, digits and _ only, starting with a letter',
    });
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'Consent', fields: [field('signerName')] }, 100000)).toEqual({});
  });

  it('[FC5] refuses Markdown over the 100,000-character limit of spec 000 §5', () => {
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'A', markdown: 'x'.repeat(100000) }, 100000)).toEqual({});
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'A', markdown: 'x'.repeat(100001) }, 100000).markdown).toBe(
      'The text is 100,001 characters; the limit is 100,000.',
    );
  });

  it('[FC12] shows the size and turns red only over the limit (spec 000 §5)', () => {
    expect(sizeIndicator(1234, 100000)).toEqual({ text: '1,234 / 100,000 characters', over: false });
    expect(sizeIndicator(100000, 100000).over).toBe(false);
    expect(sizeIndicator(100001, 100000)).toEqual({ text: '100,001 / 100,000 characters', over: true });
  });
});
