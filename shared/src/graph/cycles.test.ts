import { describe, expect, it } from 'vitest';
import { importCycles } from './cycles.js';

describe('importCycles', () => {
  it('finds each cycle once, as its sorted nodes, and nothing in a graph without one', () => {
    expect(
      importCycles([
        ['cases', 'report'],
        ['report', 'cases'],
        ['org', 'cases'],
        ['b', 'c'],
        ['c', 'd'],
        ['d', 'b'],
      ]),
    ).toEqual([
      ['b', 'c', 'd'],
      ['cases', 'report'],
    ]);
    expect(
      importCycles([
        ['a', 'b'],
        ['b', 'c'],
        ['a', 'c'],
      ]),
    ).toEqual([]);
  });
});
