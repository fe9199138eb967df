import { describe, expect, it } from 'vitest';
import { graphqlArgs, normalisingArgs } from './arguments.js';
import type { GraphqlContext, Resolver } from './context.js';
import { offsetOf, PAGE_SIZE, pageRequest } from './pagination.js';

/** An object as GraphQL hands input objects over: a null prototype. */
function nullPrototype(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, fields);
}

describe('the one GraphQL argument normaliser (issue 36 item 5)', () => {
  it('turns null-prototype input objects into plain ones at every depth, lists included', () => {
    const args = nullPrototype({ input: nullPrototype({ lot: nullPrototype({ drug: 'Midazolam' }) }), ids: ['a'] });
    const out = graphqlArgs(args);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.input)).toBe(Object.prototype);
    expect(out).toEqual({ input: { lot: { drug: 'Midazolam' } }, ids: ['a'] });
  });

  it('reads an argument sent as null like one left out, at every depth', () => {
    expect(graphqlArgs({ orgId: null, filter: { drug: null, userId: 'u1' }, first: undefined })).toEqual({
      filter: { userId: 'u1' },
    });
    expect(graphqlArgs(null)).toEqual({});
  });

  it('trims the text arguments it is told of and leaves them out when blank; other strings stay as sent', () => {
    expect(graphqlArgs({ search: '  ada ', password: ' secret ' }, { text: ['search'] })).toEqual({
      search: 'ada',
      password: ' secret ',
    });
    expect(graphqlArgs({ search: '   ' }, { text: ['search'] })).toEqual({});
  });

  it('hands every resolver of a map its arguments normalised', () => {
    const seen: unknown[] = [];
    const resolvers: Record<string, Resolver<number>> = { teamUsers: (_, args) => seen.push(args) };
    const wrapped = normalisingArgs(resolvers, { text: ['search'] });
    wrapped.teamUsers!(null, nullPrototype({ search: ' ', orgId: null, first: 5 }), {} as GraphqlContext);
    expect(seen).toEqual([{ first: 5 }]);
  });
});

describe('page arguments read through it', () => {
  it('defaults first, reads a blank or null cursor as the start, and trims one', () => {
    expect(pageRequest({})).toEqual({ first: PAGE_SIZE.default, after: null });
    expect(pageRequest(nullPrototype({ first: null, after: '  ' }))).toEqual({ first: PAGE_SIZE.default, after: null });
    expect(pageRequest({ first: 10, after: ' 42 ' })).toEqual({ first: 10, after: '42' });
  });

  it('refuses a page below one (INVALID_INPUT) or above the maximum (PAGE_TOO_LARGE)', () => {
    expect(() => pageRequest({ first: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => pageRequest({ first: PAGE_SIZE.max + 1 })).toThrow(
      expect.objectContaining({ code: 'PAGE_TOO_LARGE' }),
    );
  });

  it('reads an offset as 0 when absent or null, a negative one as 0, and refuses a non-integer', () => {
    expect(offsetOf({})).toBe(0);
    expect(offsetOf({ offset: null })).toBe(0);
    expect(offsetOf({ offset: -20 })).toBe(0);
    expect(offsetOf({ offset: 40 })).toBe(40);
    expect(() => offsetOf({ offset: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
