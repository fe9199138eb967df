import { describe, expect, it } from 'vitest';
import { answeringAppErrors, answersAppErrors } from '../errors.js';
import { SCHEMA_RESOLVERS } from './schema.js';

// One resolver style for every GraphQL area (issue 36 item 1): each resolver of the schema goes
// through answeringAppErrors, so a service's refusal reaches every client as the same GraphQL error.
describe('the GraphQL resolvers', () => {
  it('all go through answeringAppErrors', () => {
    const fields = SCHEMA_RESOLVERS.flatMap((map) =>
      Object.entries(map as Record<string, Record<string, unknown>>).flatMap(([type, resolvers]) =>
        Object.entries(resolvers).map(([field, resolve]) => ({ name: `${type}.${field}`, resolve })),
      ),
    );
    expect(fields.length).toBeGreaterThan(50);
    expect(fields.filter((f) => !answersAppErrors(f.resolve)).map((f) => f.name)).toEqual([]);
  });

  it('tells a wrapped resolver from a bare one', () => {
    const bare = (): number => 1;
    expect(answersAppErrors(bare)).toBe(false);
    expect(answersAppErrors(answeringAppErrors({ bare }).bare)).toBe(true);
  });
});
