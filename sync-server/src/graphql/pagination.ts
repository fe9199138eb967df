import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type ExecutionArgs,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import type { PageRequest } from '../pages.js';
import { graphqlArgs } from './arguments.js';

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
  'Query.legalDocumentsToAccept': 'at most the two legal documents (terms, privacy)',
  'Query.availablePlans': "the server's plans",
  'Query.teamPlans': 'the plan catalogue: a few prices per tier, set by hand by the team',
  'Query.caseLedger': 'one line per controlled drug drawn for one case',
  'Query.finalizedReports': 'report review pages by offset, 20 at a time (spec 000 §9)',
  'Query.signedCases': 'at most the case ids asked for, 500 a call (SIGNED_CASES_MAX)',
  'Query.bridges': "an office's bridge computers, a few per office, each with the monitors plugged into it",
  'Query.bridgeMonitorReadings': "one monitor's latest readings, at most 20, kept in the server's memory",
  'Query.bridgeMonitorWaveforms':
    "one monitor's waveform segments of the last 20 s, at most 150,000 samples, kept in the server's memory",
  'Query.apps': 'the apps an office may install: the team’s, resellers’ and its own, made by hand',
  'Query.installedApps': 'the apps an office installed, by hand',
  'Query.webhooks': 'the webhooks of one installation, set up by hand',
  'Query.resellerApps': 'the apps one reseller made, by hand',
  'Query.resellerAppInstallations': 'the offices that installed one app, one installation each, by hand',
  'Query.resellerWebhooks': 'the webhooks of one app’s installations, set up by hand in each office',
  'Query.emrWriteBacks': "the office's latest 50 write-backs to its EMR",
  'Query.teamSupportSearch': 'at most 20 users and 20 organisations a search (SUPPORT_SEARCH_LIMIT)',
};

/** The page a list field's arguments ask for; PAGE_TOO_LARGE above the maximum, INVALID_INPUT below 1. */
export function pageRequest(raw: Record<string, unknown>): PageRequest {
  const args = graphqlArgs(raw, { text: ['after'] });
  const first = args.first ?? PAGE_SIZE.default;
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1) throw new AppError(400, 'INVALID_INPUT');
  if (first > PAGE_SIZE.max) throw new AppError(400, 'PAGE_TOO_LARGE', `At most ${PAGE_SIZE.max} a page`);
  return { first, after: typeof args.after === 'string' ? args.after : null };
}

/**
 * The offset an offset-paged list (report review, spec 000 §9) asks for: 0 when absent, and a
 * negative one read as 0 (the first page); anything but an integer is INVALID_INPUT.
 */
export function offsetOf(raw: Record<string, unknown>): number {
  const offset = graphqlArgs(raw).offset ?? 0;
  if (typeof offset !== 'number' || !Number.isInteger(offset)) throw new AppError(400, 'INVALID_INPUT');
  return Math.max(0, offset);
}

/** The size a list without `first` (a lot's list, a check's problems) is priced at. */
export const UNPAGED_LIST_COST = 20;

interface CostContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/*
 * The estimate reads the schema structurally (a type's `getFields`, a wrapper's `ofType`, the
 * SDL's "[...]" for a list) rather than with graphql's instanceof checks, which throw where two
 * copies of graphql are loaded (vitest's module realms): the limit holds in every process.
 */

/** A type as the schema holds it: a named type with fields, or a list/non-null wrapper of one. */
interface SchemaType {
  readonly ofType?: SchemaType;
  readonly getFields?: () => Record<string, GraphQLField<unknown, unknown>>;
  toString(): string;
}

/** The named type inside any list and non-null wrappers. */
function namedType(type: SchemaType): SchemaType {
  let t = type;
  while (t.ofType) t = t.ofType;
  return t;
}

/** Whether a field's type is a list (nullable or not): "[Item]" or "[Item!]!". */
const isList = (type: SchemaType): boolean => String(type).startsWith('[');

/** An integer argument's value: an Int literal, or a variable holding a number; else undefined. */
function intArgument(value: ValueNode, variables: Record<string, unknown>): number | undefined {
  const n =
    value.kind === Kind.INT
      ? Number(value.value)
      : value.kind === Kind.VARIABLE
        ? variables[value.name.value]
        : undefined;
  return typeof n === 'number' ? n : undefined;
}

/** The `first` a field node asks for, or undefined. */
function firstOf(node: FieldNode, variables: Record<string, unknown>): number | undefined {
  const arg = node.arguments?.find((a) => a.name.value === 'first');
  return arg ? intArgument(arg.value, variables) : undefined;
}

/** The size a list field is priced at: its `first` (or the default page), else UNPAGED_LIST_COST. */
function listSize(field: GraphQLField<unknown, unknown>, node: FieldNode, c: CostContext): number {
  if (!field.args.some((a) => a.name === 'first')) return UNPAGED_LIST_COST;
  const first = firstOf(node, c.variables);
  return first !== undefined && first > 0 ? first : PAGE_SIZE.default;
}

/** The cost of a selection: each field 1, a list of objects 1 + its size × the cost of one item (aliases each counted). */
function selectionCost(set: SelectionSetNode, parent: SchemaType, c: CostContext): number {
  let cost = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith('__') || !parent.getFields) {
        cost += 1;
        continue;
      }
      const field = parent.getFields()[s.name.value];
      if (field == null) continue;
      const type = field.type as SchemaType;
      const item = s.selectionSet ? selectionCost(s.selectionSet, namedType(type), c) : 1;
      // A list of objects costs its size × one item; a list of scalars (roles, ids) is one value.
      if (!s.selectionSet) cost += 1;
      else cost += 1 + (isList(type) ? listSize(field, s, c) * item : item);
    } else {
      const fragment = s.kind === Kind.FRAGMENT_SPREAD ? c.fragments[s.name.value] : s;
      if (fragment == null) continue;
      const on = fragment.typeCondition ? c.schema.getType(fragment.typeCondition.name.value) : parent;
      cost += selectionCost(fragment.selectionSet, (on as SchemaType | null | undefined) ?? parent, c);
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
  return root ? selectionCost(operation.selectionSet, root as SchemaType, { schema, fragments, variables }) : 0;
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
        const cost = operationCost(args.schema, operation, fragments, variables);
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
      const first = firstOf(s, variables);
      if (first !== undefined && first > PAGE_SIZE.max) return true;
      if (s.selectionSet && pageTooLarge(s.selectionSet, fragments, variables)) return true;
    } else {
      const fragment = s.kind === Kind.FRAGMENT_SPREAD ? fragments[s.name.value] : s;
      if (fragment && pageTooLarge(fragment.selectionSet, fragments, variables)) return true;
    }
  }
  return false;
}
