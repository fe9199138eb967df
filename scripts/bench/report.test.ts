import { describe, expect, it } from 'vitest';
import { replaceSection } from './report.js';
import type { Section } from './report-types.js';

const doc = [
  '# Benchmarks',
  '',
  '## 1. Size',
  '',
  'Old size text.',
  '',
  '## 2. Monitor stream (issue 38), added by hand',
  '',
  'No figures yet.',
  '',
  '## Reading',
  '',
  '- A reading.',
  '',
].join('\n');

const section = (title: string): Section => ({
  title,
  setup: 'What ran.',
  rows: [{ label: 'p75', unit: 'ms', ours: 40, reference: 20, goal: { text: 'ratio < 1.5', met: false } }],
  notes: ['A note.'],
});

describe('replaceSection (one.ts --write)', () => {
  it('rewrites the section of that title under its number and leaves the others as they were', () => {
    const out = replaceSection(doc, section('Monitor stream (issue 38)'), 'Written alone.');
    expect(out).toContain(
      '## 1. Size\n\nOld size text.\n\n## 2. Monitor stream (issue 38)\n\nWritten alone.\n\nWhat ran.',
    );
    expect(out).not.toContain('No figures yet.');
    expect(out).not.toContain('added by hand');
    expect(out).toContain('| p75 | 40 ms | 20 ms | 2.00× | ratio < 1.5 | **no** |');
    expect(out).toContain('- A note.\n\n## Reading\n\n- A reading.\n');
  });

  it('adds a section not there yet before the reading, with the next number', () => {
    const out = replaceSection(doc, section('Cold load'), 'Written alone.');
    expect(out).toContain('## 2. Monitor stream (issue 38), added by hand');
    expect(out).toContain('No figures yet.\n\n## 3. Cold load\n\nWritten alone.');
    expect(out.indexOf('## 3. Cold load')).toBeLessThan(out.indexOf('## Reading'));
  });

  it('tells a section from one whose title starts with the same words (the same measure on PostgreSQL)', () => {
    const first = replaceSection(doc, section('Cold load on PostgreSQL'), 'On PostgreSQL.');
    const out = replaceSection(first, section('Cold load'), 'On SQLite.');
    expect(out).toContain('## 3. Cold load on PostgreSQL\n\nOn PostgreSQL.');
    expect(out).toContain('## 4. Cold load\n\nOn SQLite.');
  });
});
