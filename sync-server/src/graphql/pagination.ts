import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  OperationTypeNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import type { PageRequest } from '../pages.js';

export { pageOf } from '../pages.js';

/**
 * Issue 35 item 8: every list a query can ask for comes a page at a time. A list field takes
 * `first` (how many, PAGE_SIZE.default when absent, at most PAGE_SIZE.max) and `after` (the
 * cursor the previous page ended on: the last item's id, or a ledger entry's sequence). A page
 * above the maximum is refused (PAGE_TOO_LARGE), never silently cut: a client that asked for 500
 * and got 200 would take them for all there is.
 */
export const PAGE_SIZE = { default: 100, max: 200 } as const;

/** The pagination arguments every list field of the schema declares (schema-lists.test.ts holds it). */
export const PAGE_ARGS = 'first: Int, after: String';

/**
 * Lists that hold a fixed catalogue or one small case's lines rather than data that grows with
 * use, so they take no page (schema-lists.test.ts): the feature catalogue and the plans (the
 * server's own constants), a case's controlled-drug lines (one per drug drawn for it) and report
 * review's pages (20 at a time by offset, spec 000 §9).
 */
export const BOUNDED_LISTS: Readonly<Record<string, string>> = {
  'Query.orgFeaturesConfig': "the server's feature catalogue",
  'Query.availablePlans': "the server's plans",
  'Query.caseLedger': 'one line per controlled drug drawn for one case',
  'Query.finalizedReports': 'report review pages by offset, 20 at a time (spec 000 §9)',
};

/** The page a list field's arguments ask for; PAGE_TOO_LARGE above the maximum, INVALID_INPUT below 1. */
export function pageRequest(args: Record<string, unknown>): PageRequest {
  const first = args.first == null ? PAGE_SIZE.default : args.first;
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1) throw new AppError(400, 'INVALID_INPUT');
  if (first > PAGE_SIZE.max) throw new AppError(400, 'PAGE_TOO_LARGE', `At most ${PAGE_SIZE.max} a page`);
  const after = typeof args.after === 'string' && args.after !== '' ? args.after : null;
  return { first, after };
}

/** The size a list without `first` (a lot's list, a check's problems) is priced at. */
export const UNPAGED_LIST_COST = 20;

interface CostContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The size a list field is priced at: its `first` (or the default page), else UNPAGED_LIST_COST. */
function listSize(
  field: GraphQLField<unknown, unknown>,
  node: Parameters<typeof getArgumentValues>[1],
  c: CostContext,
): number {
  if (!field.args.some((a) => a.name === 'first')) return UNPAGED_LIST_COST;
  const first = getArgumentValues(field, node, c.variables).first;
  return typeof first === 'number' && first > 0 ? first : PAGE_SIZE.default;
}

/** The cost of a selection: each field 1, a list field 1 + its size × the cost of one item (aliases each counted). */
function selectionCost(set: SelectionSetNode, parent: GraphQLNamedType, c: CostContext): number {
  let cost = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith('__') || !(isObjectType(parent) || isInterfaceType(parent))) {
        cost += 1;
        continue;
      }
      const field = parent.getFields()[s.name.value];
      if (field == null) continue;
      const item = s.selectionSet ? selectionCost(s.selectionSet, getNamedType(field.type), c) : 1;
      const list = isListType(getNullableType(field.type));
      cost += 1 + (list ? listSize(field, s, c) * item : s.selectionSet ? item : 0);
    } else {
      const fragment = s.kind === Kind.FRAGMENT_SPREAD ? c.fragments[s.name.value] : s;
      if (fragment == null) continue;
      const on = fragment.typeCondition ? c.schema.getType(fragment.typeCondition.name.value) : parent;
      cost += selectionCost(fragment.selectionSet, on ?? parent, c);
    }
  }
  return cost;
}

/** The cost of an operation, lists priced at the size asked for (variables resolved). */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const root =
    operation.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : operation.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return root ? selectionCost(operation.selectionSet, root, { schema, fragments, variables }) : 0;
}

/**
 * Refuses, before anything runs, an operation whose cost (operationCost: page sizes × what each
 * item asks, every alias counted) is above `maxCost`, or that asks a list for more than
 * PAGE_SIZE.max: a request error (HTTP 400) naming the limit.
 */
export function listCostLimit(maxCost: number): Plugin {
  return {
    onExecute: ({ args: raw, setResultAndStopExecution }) => {
      const args = raw as ExecutionArgs;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      let operation: OperationDefinitionNode | undefined;
      for (const d of args.document.definitions) {
        if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
        else if (
          d.kind === Kind.OPERATION_DEFINITION &&
          (args.operationName == null || d.name?.value === args.operationName)
        )
          operation ??= d;
      }
      if (operation == null) return;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      let refusal: GraphQLError | null = null;
      if (pageTooLarge(operation.selectionSet, fragments, variables))
        refusal = new GraphQLError('PAGE_TOO_LARGE', { extensions: { code: 'PAGE_TOO_LARGE', max: PAGE_SIZE.max } });
      else {
        // The estimate reads the schema with graphql's own type checks; where two copies of graphql
        // are loaded (vitest's module realms) those throw, and the operation runs unpriced rather
        // than failing (the server loads one copy; the depth, alias and token limits still hold).
        let cost: number;
        try {
          cost = operationCost(args.schema, operation, fragments, variables);
        } catch {
          return;
        }
        if (cost > maxCost)
          refusal = new GraphQLError('QUERY_TOO_COSTLY', {
            extensions: {
              code: 'QUERY_TOO_COSTLY',
              cost,
              max: maxCost,
              description: `This query costs ${cost}, above the limit of ${maxCost}: ask for smaller pages or fewer aliases.`,
            },
          });
      }
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
  };
}

/** Whether any field of the operation asks for `first` above PAGE_SIZE.max (a literal or a variable). */
function pageTooLarge(
  set: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): boolean {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      for (const a of s.arguments ?? []) {
        if (a.name.value !== 'first') continue;
        const v = a.value;
        const n =
          v.kind === Kind.INT ? Number(v.value) : v.kind === Kind.VARIABLE ? variables[v.name.value] : undefined;
        if (typeof n === 'number' && n > PAGE_SIZE.max) return true;
      }
      if (s.selectionSet && pageTooLarge(s.selectionSet, fragments, variables)) return true;
    } else {
      const fragment = s.kind === Kind.FRAGMENT_SPREAD ? fragments[s.name.value] : s;
      if (fragment && pageTooLarge(fragment.selectionSet, fragments, variables)) return true;
    }
  }
  return false;
}
