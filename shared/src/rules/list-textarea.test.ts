import { describe, expect, it } from 'vitest';
import { LIST_TEXTAREA_MIN_ROWS, canSaveChecklist, listCountText, parseListTextarea } from './list-textarea.js';

describe('list textarea', () => {
  it.each([
    ['1. Consent signed\n2. NPO confirmed', ['Consent signed', 'NPO confirmed']],
    ['- a\n\n  \n_ b\n...c', ['a', 'b', 'c']],
    ['  3)  keeps the bracket', [')  keeps the bracket']],
    ['', []],
    ['12 34 items', ['items']], // leading digits and spaces stripped
    ['a\r\nb', ['a', 'b']],
  ])('[LT1] %j parses to %j', (text, items) => {
    expect(parseListTextarea(text)).toEqual(items);
  });

  it('[LT2] shows Contains N items, with at least 4 rows', () => {
    expect(listCountText(['a', 'b', 'c'])).toBe('Contains 3 items');
    expect(listCountText([])).toBe('Contains 0 items');
    expect(LIST_TEXTAREA_MIN_ROWS).toBe(4);
  });

  it.each([
    ['a', 'a', false], // unchanged
    ['a', 'a\nb', true],
    ['a', '\n  \n', false], // empty list
    ['a', '1.', false],
  ])('[LT3] saving %j → %j is enabled: %s', (before, after, ok) => {
    expect(canSaveChecklist(before, after)).toBe(ok);
  });
});
