import { describe, expect, it } from 'vitest';
import { applySuggestion, visibleSuggestions } from './smart-suggestions.js';

describe('smart suggestions', () => {
  it('[SS1] shows at most 5', () => {
    expect(visibleSuggestions(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(visibleSuggestions(['a'])).toEqual(['a']);
  });

  it.each([
    ['', 'Tolerated well', 'sentence', 'Tolerated well'],
    ['Tolerated well', 'No complications', 'sentence', 'Tolerated well. No complications'],
    ['Tolerated well.', 'No complications', 'sentence', 'Tolerated well. No complications'],
    ['', 'mother', 'multiple', 'mother'],
    ['mother', 'father', 'multiple', 'mother, father'],
    ['mother, father', 'mother', 'multiple', 'father'], // picking again removes
    ['', 'Escort', 'single', 'Escort'],
    ['Escort', 'Parent', 'single', 'Parent'],
    ['Parent', 'Parent', 'single', ''],
  ] as const)('[SS2] %j + %j (%s) gives %j', (current, suggestion, type, result) => {
    expect(applySuggestion(current, suggestion, type)).toBe(result);
  });
});
