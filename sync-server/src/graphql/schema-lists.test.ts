import { describe, expect, it } from 'vitest';
import { BOUNDED_LISTS, PAGE_SIZE } from './pagination.js';
import { buildSchema } from './schema.js';

/*
 * Issue 35 item 8, held by a test rather than by memory: every list a query can ask for at the
 * root takes a page (`first`, `after`), unless BOUNDED_LISTS names it with the reason it cannot
 * grow with use. A new list field without them fails here.
 */

const schema = buildSchema();

/** A field's type as the SDL writes it ("[Inventory!]!") answers a list when it starts with "[". */
const isList = (type: unknown): boolean => String(type).startsWith('[');

/** Every root query field that answers a list, as Type.field. */
function rootLists(): { name: string; args: string[] }[] {
  const query = schema.getQueryType()!;
  return Object.values(query.getFields())
    .filter((f) => isList(f.type))
    .map((f) => ({ name: `Query.${f.name}`, args: f.args.map((a) => a.name) }));
}

describe('the schema’s lists (issue 35 item 8)', () => {
  it('gives every root list field the page arguments first and after, or names it as bounded', () => {
    const unpaged = rootLists()
      .filter((f) => !(f.args.includes('first') && f.args.includes('after')))
      .map((f) => f.name)
      .filter((name) => !(name in BOUNDED_LISTS));
    expect(unpaged).toEqual([]);
  });

  it('pages the lists that grow with use: the ledger, the inventories, members, invitations, organisations, forms, policies', () => {
    const paged = rootLists()
      .filter((f) => f.args.includes('first'))
      .map((f) => f.name);
    expect(paged).toEqual(
      expect.arrayContaining([
        'Query.ledgerEntries',
        'Query.inventories',
        'Query.orgMembers',
        'Query.pendingOrgInvitations',
        'Query.childOrgs',
        'Query.allOrgs',
        'Query.childOrgMembers',
        'Query.teamUsers',
        'Query.orgForms',
        'Query.policies',
      ]),
    );
  });

  it('names only lists that exist in BOUNDED_LISTS, so the exemptions cannot go stale', () => {
    const lists = new Set(rootLists().map((f) => f.name));
    expect(Object.keys(BOUNDED_LISTS).filter((name) => !lists.has(name))).toEqual([]);
  });

  it('keeps the maximum page at or above the default', () => {
    expect(PAGE_SIZE.max).toBeGreaterThanOrEqual(PAGE_SIZE.default);
  });
});
