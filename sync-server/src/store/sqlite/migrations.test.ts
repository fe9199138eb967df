import { describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from '../postgres/migrations.js';
import { MIGRATIONS } from './migrations.js';

/** Versions that appear more than once in a list. */
const repeated = (list: readonly { version: number }[]): number[] =>
  [...new Set(list.map((m) => m.version))].filter((v) => list.filter((m) => m.version === v).length > 1);

describe('migration numbers', () => {
  it('are unique in each list: a database at version N skips every other migration numbered N', () => {
    // Two branches that each took the next number merge into a repeat; renumber one before release.
    expect(repeated(MIGRATIONS)).toEqual([]);
    expect(repeated(PG_MIGRATIONS)).toEqual([]);
    expect(repeated([{ version: 1 }, { version: 2 }, { version: 1 }])).toEqual([1]);
  });

  it('give a PostgreSQL migration the number of the SQLite migration of the same table', () => {
    for (const m of PG_MIGRATIONS) expect(MIGRATIONS.find((s) => s.version === m.version)?.name).toBe(m.name);
  });
});
