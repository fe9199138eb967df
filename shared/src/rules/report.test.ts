import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TITLE, cleanReportTitle, missingItemsMessage } from './report.js';

describe('report title', () => {
  it.each([
    ['Anesthesia Record', 'Anesthesia Record'],
    ['Smith/Jones: 2026*', 'Smith-Jones- 2026-'],
    ['Zoë Müller', 'Zo Mller'], // non-ASCII removed
    ['  padded  ', 'padded'],
    ['', 'untitled'],
    ['ééé', 'untitled'],
    ['a'.repeat(150), 'a'.repeat(100)], // cut to 100
    ['line\nbreak', 'line-break'],
  ])('[RP1] %j becomes %j', (title, cleaned) => {
    expect(cleanReportTitle(title)).toBe(cleaned);
  });

  it('[RP1] names an empty title untitled (spec 002 §5)', () => {
    expect(cleanReportTitle('   ')).toBe(DEFAULT_REPORT_TITLE);
    expect(DEFAULT_REPORT_TITLE).toBe('untitled');
  });

  it('[RP1] cuts to 100 characters after removing non-ASCII (spec 002 §5, §9 title max 100)', () => {
    expect(cleanReportTitle(`${'é'.repeat(20)}${'b'.repeat(120)}`)).toHaveLength(100);
  });
});

describe('missing items', () => {
  it.each([
    [[], null],
    [['weight'], 'weight'],
    [['weight', 'height'], 'weight and height'], // 2 or fewer are listed
    [['weight', 'height', 'ASA'], '3 items'],
  ])('[RP2] %j gives %j', (items, message) => {
    expect(missingItemsMessage(items)).toBe(message);
  });
});
