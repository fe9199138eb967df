import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost, PAGE_SIZE, UNPAGED_LIST_COST } from './pagination.js';
import { buildSchema } from './schema.js';

const schema = buildSchema();

function cost(query: string, variables: Record<string, unknown> = {}): number {
  const document = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  return operationCost(schema, operation, fragments, variables);
}

describe('the GraphQL cost estimate (issue 35 item 8)', () => {
  it('prices a paged list at its first × the cost of one item, plus the field', () => {
    // 1 for the list field + 50 items × (seq 1 + kind 1).
    expect(cost('{ ledgerEntries(orgId: "o", first: 50) { seq kind } }')).toBe(1 + 50 * 2);
  });

  it('reads first from a variable, and prices a list without first at the default page', () => {
    expect(cost('query Q($n: Int) { ledgerEntries(orgId: "o", first: $n) { seq } }', { n: 7 })).toBe(1 + 7);
    expect(cost('{ ledgerEntries(orgId: "o") { seq } }')).toBe(1 + PAGE_SIZE.default);
  });

  it('counts every alias and every fragment', () => {
    const one = cost('{ ledgerEntries(orgId: "o", first: 10) { seq } }');
    expect(
      cost('{ a: ledgerEntries(orgId: "o", first: 10) { seq } b: ledgerEntries(orgId: "o", first: 10) { seq } }'),
    ).toBe(2 * one);
    expect(cost('{ ledgerEntries(orgId: "o", first: 10) { ...F } } fragment F on LedgerEntry { seq kind }')).toBe(
      1 + 10 * 2,
    );
  });

  it('prices a list of scalars as one field, and a nested unpaged list of objects at UNPAGED_LIST_COST', () => {
    // teamUsers × (email 1 + memberships (1 + 20 × (orgId 1 + roles 1))).
    expect(cost('{ teamUsers(first: 10) { email memberships { orgId roles } } }')).toBe(
      1 + 10 * (1 + 1 + UNPAGED_LIST_COST * 2),
    );
  });

  it('prices a bounded list without page arguments at UNPAGED_LIST_COST', () => {
    expect(cost('{ availablePlans { id } }')).toBe(1 + UNPAGED_LIST_COST);
  });
});
