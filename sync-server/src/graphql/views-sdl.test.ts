import { GRAPHQL_VIEWS } from '@vigil/shared';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildSchema } from './schema.js';

/*
 * Issue 36 item 5, held by a test: every GraphQL object and input type a client reads or sends is
 * written once, as a zod schema in shared/src/views (GRAPHQL_VIEWS maps the SDL name to it), and
 * that schema says what the executable schema says, field for field: the same names, the same
 * nullability, lists where the SDL has lists, the same scalar kind (String/ID ↔ z.string or a
 * string enum, Int/Float ↔ z.number, Boolean ↔ z.boolean, an SDL enum ↔ z.enum of its values)
 * and, for a nested object, the very schema registered under that type's name. A field changed
 * on one side only fails here.
 *
 * The schema is read structurally (getTypeMap, getFields, the SDL text of a field's type) rather
 * than with graphql's instanceof checks, which throw where two copies of graphql are loaded.
 */

/** SDL types a client reads that GRAPHQL_VIEWS does not cover yet: may only shrink. */
const NOT_YET_COVERED: readonly string[] = [];

/** The schema's own roots, which are operations rather than views. */
const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

interface SdlField {
  name: string;
  type: { toString(): string };
}
interface SdlType {
  name: string;
  getFields?: () => Record<string, SdlField>;
  getValues?: () => { name: string }[];
  getInterfaces?: () => unknown;
}

/** What one zod schema accepts, with its wrappers unwrapped. */
interface ZodShape {
  /** Accepts null, or may be absent (optional, or a default fills it in). */
  nullable: boolean;
  absent: boolean;
  kind: 'string' | 'number' | 'boolean' | 'null' | 'enum' | 'object' | 'array' | 'other';
  element?: ZodShape;
  values?: string[];
  schema: z.ZodType;
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
}

const defOf = (s: z.ZodType): ZodDef => (s as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Unwraps nullable, optional, default, readonly, pipe (its input side) and lazy to the kind beneath. */
function shapeOf(schema: z.ZodType): ZodShape {
  let s = schema;
  let nullable = false;
  let absent = false;
  for (;;) {
    const def = defOf(s);
    switch (def.type) {
      case 'nullable':
        nullable = true;
        s = def.innerType!;
        continue;
      case 'optional':
      case 'default':
      case 'prefault':
        absent = true;
        s = def.innerType!;
        continue;
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        s = def.innerType!;
        continue;
      case 'pipe':
        s = def.in!;
        continue;
      case 'lazy':
        s = def.getter!();
        continue;
      case 'array':
        return { nullable, absent, kind: 'array', element: shapeOf(def.element!), schema: s };
      case 'enum':
        return { nullable, absent, kind: 'enum', values: Object.values(def.entries!).map(String), schema: s };
      case 'literal':
        return def.values!.every((v) => typeof v === 'string')
          ? { nullable, absent, kind: 'enum', values: def.values.map(String), schema: s }
          : { nullable, absent, kind: 'other', schema: s };
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
      case 'object':
        return { nullable: nullable || def.type === 'null', absent, kind: def.type, schema: s };
      default:
        return { nullable, absent, kind: 'other', schema: s };
    }
  }
}

type Registry = Readonly<Record<string, z.ZodType>>;

interface SdlTypeRef {
  nonNull: boolean;
  list: SdlTypeRef | null;
  name: string | null;
}

/** A field's type as the SDL writes it ("[String!]!") read into non-null, list and named parts. */
function parseTypeRef(text: string): SdlTypeRef {
  const nonNull = text.endsWith('!');
  const inner = nonNull ? text.slice(0, -1) : text;
  if (inner.startsWith('[')) return { nonNull, list: parseTypeRef(inner.slice(1, -1)), name: null };
  return { nonNull, list: null, name: inner };
}

const SCALAR_KINDS: Readonly<Record<string, readonly ZodShape['kind'][]>> = {
  String: ['string', 'enum'],
  ID: ['string', 'enum'],
  Int: ['number'],
  Float: ['number'],
  Boolean: ['boolean'],
};

/** The differences between one SDL field's type and the zod schema of that field, as "path: what". */
function compareField(
  path: string,
  ref: SdlTypeRef,
  shape: ZodShape,
  input: boolean,
  schema: { getType(name: string): unknown },
  registry: Registry,
): string[] {
  const zodNullable = input ? shape.nullable || shape.absent : shape.nullable;
  // An output field that may be absent reads as null: only a nullable SDL field allows it.
  const zodMayBeNull = zodNullable || (!input && shape.absent);
  if (ref.nonNull && zodMayBeNull) return [`${path}: non-null in the SDL, nullable or optional in zod`];
  if (!ref.nonNull && !zodMayBeNull) return [`${path}: nullable in the SDL, required in zod`];
  if (shape.kind === 'null') return []; // A field always null (Session.token) is any nullable scalar.
  if (ref.list) {
    if (shape.kind !== 'array') return [`${path}: a list in the SDL, ${shape.kind} in zod`];
    return compareField(`${path}[]`, ref.list, shape.element!, input, schema, registry);
  }
  if (shape.kind === 'array') return [`${path}: a list in zod, ${ref.name} in the SDL`];
  const name = ref.name!;
  const scalar = SCALAR_KINDS[name];
  if (scalar) return scalar.includes(shape.kind) ? [] : [`${path}: ${name} in the SDL, ${shape.kind} in zod`];
  const named = schema.getType(name) as SdlType | null;
  if (named?.getValues) {
    const values = named.getValues().map((v) => v.name);
    return shape.kind === 'enum' && [...(shape.values ?? [])].sort().join() === [...values].sort().join()
      ? []
      : [
          `${path}: the enum ${name} (${values.join(', ')}) in the SDL, ${shape.kind} ${(shape.values ?? []).join(', ')} in zod`,
        ];
  }
  if (shape.kind !== 'object') return [`${path}: ${name} in the SDL, ${shape.kind} in zod`];
  return registry[name] === shape.schema ? [] : [`${path}: ${name} in the SDL, not GRAPHQL_VIEWS.${name} in zod`];
}

/** The differences between the SDL type `name` and the zod schema registered for it. */
function compareType(schema: ReturnType<typeof buildSchema>, name: string, registry: Registry): string[] {
  const sdl = schema.getType(name) as SdlType | null | undefined;
  const view = registry[name];
  if (!sdl?.getFields) return [`${name}: no such object or input type in the SDL`];
  if (!view || defOf(view).type !== 'object') return [`${name}: not a zod object`];
  const input = !sdl.getInterfaces;
  const shape = (view as z.ZodObject).shape as Record<string, z.ZodType>;
  const fields = sdl.getFields();
  const problems: string[] = [];
  for (const key of Object.keys(shape)) if (!(key in fields)) problems.push(`${name}.${key}: in zod, not in the SDL`);
  for (const field of Object.values(fields)) {
    const zodField = shape[field.name];
    if (!zodField) problems.push(`${name}.${field.name}: in the SDL, not in zod`);
    else
      problems.push(
        ...compareField(
          `${name}.${field.name}`,
          parseTypeRef(String(field.type)),
          shapeOf(zodField),
          input,
          schema,
          registry,
        ),
      );
  }
  return problems;
}

const schema = buildSchema();

/** Every object and input type of the executable schema (not the roots, scalars nor enums). */
function sdlViewTypes(): string[] {
  return Object.entries(schema.getTypeMap() as Record<string, SdlType>)
    .filter(([name, t]) => !name.startsWith('__') && !ROOTS.has(name) && typeof t.getFields === 'function')
    .map(([name]) => name);
}

describe('the GraphQL views written once in shared/src/views (issue 36 item 5)', () => {
  it.each(Object.keys(GRAPHQL_VIEWS))('%s says what the executable schema says, field for field', (name) => {
    expect(compareType(schema, name, GRAPHQL_VIEWS)).toEqual([]);
  });

  it('covers every object and input type of the schema, or names it as not yet covered', () => {
    const missing = sdlViewTypes().filter((name) => !(name in GRAPHQL_VIEWS) && !NOT_YET_COVERED.includes(name));
    expect(missing).toEqual([]);
  });

  it('lets the not-yet-covered list only shrink: it names no type that is covered or gone', () => {
    const types = new Set(sdlViewTypes());
    expect(NOT_YET_COVERED.filter((name) => name in GRAPHQL_VIEWS || !types.has(name))).toEqual([]);
  });

  describe('catches a drifted view', () => {
    const finalized = GRAPHQL_VIEWS.FinalizedHhx;
    const drifted = (name: string, view: z.ZodType): string[] =>
      compareType(schema, name, { ...GRAPHQL_VIEWS, [name]: view });

    it('a field of the wrong scalar kind (time as text, where the SDL has Float)', () => {
      expect(drifted('FinalizedHhx', finalized.extend({ time: z.string() }))).toEqual([
        'FinalizedHhx.time: Float in the SDL, string in zod',
      ]);
    });

    it('a missing field, and a field the SDL does not have', () => {
      expect(drifted('FinalizedHhx', finalized.omit({ updateJSON: true }))).toEqual([
        'FinalizedHhx.updateJSON: in the SDL, not in zod',
      ]);
      expect(drifted('FinalizedHhx', finalized.extend({ signedBy: z.string() }))).toEqual([
        'FinalizedHhx.signedBy: in zod, not in the SDL',
      ]);
    });

    it('nullability both ways, list-ness, and a nested object not the registered one', () => {
      expect(drifted('FinalizedHhx', finalized.extend({ checkSum: z.string().nullable() }))).toEqual([
        'FinalizedHhx.checkSum: non-null in the SDL, nullable or optional in zod',
      ]);
      const entry = GRAPHQL_VIEWS.LedgerEntry;
      expect(drifted('LedgerEntry', entry.extend({ caseId: z.string() }))).toEqual([
        'LedgerEntry.caseId: nullable in the SDL, required in zod',
      ]);
      const check = GRAPHQL_VIEWS.LedgerCheck;
      expect(drifted('LedgerCheck', check.extend({ problems: z.string() }))).toEqual([
        'LedgerCheck.problems: a list in the SDL, string in zod',
      ]);
      expect(drifted('LedgerEntry', entry.extend({ case: z.object({ id: z.string() }).nullable() }))).toEqual([
        'LedgerEntry.case: LedgerCase in the SDL, not GRAPHQL_VIEWS.LedgerCase in zod',
      ]);
    });

    it('an enum whose values differ from the SDL enum', () => {
      const policy = GRAPHQL_VIEWS.Policy;
      expect(drifted('Policy', policy.extend({ ruleSubject: z.enum(['anesthesiaRecord', 'other']) }))).toHaveLength(1);
    });
  });
});
