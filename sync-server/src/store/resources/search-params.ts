import {
  APPOINTMENT_EXTENSIONS,
  isFhirDate,
  type FhirResource,
  type FhirResourceType,
  type HumanName,
  type Identifier,
  type Reference,
} from '@vigil/shared';
import { AppError } from '../../errors.js';

/** One indexed search value of a resource. */
export interface SearchToken {
  name: string;
  value: string;
}

/** How a clause compares: equality, starts-with (strings), or a date/instant range bound. */
export type SearchOp = 'eq' | 'sw' | 'ge' | 'gt' | 'le' | 'lt';

/** One clause: the token `name` matches any of `values` with `op` (values are ORed, clauses ANDed). */
export interface SearchClause {
  name: string;
  op: SearchOp;
  values: readonly string[];
}

/** Largest code point: `value + MAX` sorts after every string that starts with `value`. */
export const TEXT_MAX = '\uffff';

const lower = (s: string): string => s.trim().toLowerCase();

function nameTokens(names: readonly HumanName[] | undefined): string[] {
  const out = new Set<string>();
  for (const n of names ?? []) {
    for (const part of [...(n.given ?? []), n.family, n.text, ...(n.prefix ?? [])]) {
      if (!part) continue;
      out.add(lower(part));
      // Each word of a part, so "Mary Ann" is found by "ann".
      for (const word of part.split(/\s+/)) if (word) out.add(lower(word));
    }
    const full = [...(n.given ?? []), n.family].filter(Boolean).join(' ');
    if (full) out.add(lower(full));
  }
  return [...out];
}

function identifierTokens(identifiers: readonly Identifier[] | undefined): SearchToken[] {
  const out: SearchToken[] = [];
  for (const i of identifiers ?? []) {
    if (!i.value) continue;
    out.push({ name: 'identifier', value: `${i.system ?? ''}|${i.value}` });
    out.push({ name: 'identifier:value', value: i.value });
  }
  return out;
}

const ref = (name: string, r: Reference | undefined): SearchToken[] =>
  r?.reference ? [{ name, value: r.reference }] : [];

/** An instant as toISOString() (UTC, milliseconds) so text order is time order; other values unchanged. */
export function normalizeInstant(value: string): string {
  if (!value.includes('T')) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/** The search values of a resource (rewritten on every write). `_lastUpdated` and `_id` are added by the store. */
export function searchTokens(resource: FhirResource): SearchToken[] {
  const tokens: SearchToken[] = [];
  switch (resource.resourceType) {
    case 'Patient':
      tokens.push(...nameTokens(resource.name).map((value) => ({ name: 'name', value })));
      if (resource.birthDate) tokens.push({ name: 'birthdate', value: resource.birthDate });
      tokens.push(...identifierTokens(resource.identifier));
      for (const t of resource.telecom ?? []) {
        if (t.system === 'email' && t.value) tokens.push({ name: 'email', value: lower(t.value) });
      }
      break;
    case 'Practitioner':
      tokens.push(...nameTokens(resource.name).map((value) => ({ name: 'name', value })));
      tokens.push(...identifierTokens(resource.identifier));
      break;
    case 'Location':
      if (resource.name) tokens.push({ name: 'name', value: lower(resource.name) });
      tokens.push(...ref('partof', resource.partOf));
      if (resource.status) tokens.push({ name: 'status', value: resource.status });
      for (const c of resource.physicalType?.coding ?? []) {
        if (c.code) tokens.push({ name: 'physical-type', value: c.code });
      }
      break;
    case 'Appointment':
      tokens.push({ name: 'status', value: resource.status });
      if (resource.start) tokens.push({ name: 'date', value: normalizeInstant(resource.start) });
      for (const p of resource.participant) {
        const r = p.actor?.reference;
        if (!r) continue;
        tokens.push({ name: 'actor', value: r });
        if (r.startsWith('Patient/')) tokens.push({ name: 'patient', value: r });
        if (r.startsWith('Practitioner/')) tokens.push({ name: 'practitioner', value: r });
        if (r.startsWith('Location/')) tokens.push({ name: 'location', value: r });
      }
      for (const e of resource.extension ?? []) {
        if (e.url === APPOINTMENT_EXTENSIONS.composition)
          tokens.push(...ref('composition', e.valueReference as Reference));
      }
      tokens.push(...identifierTokens(resource.identifier));
      break;
    case 'Composition':
      tokens.push({ name: 'status', value: resource.status });
      tokens.push(...ref('subject', resource.subject));
      if (resource.subject?.reference?.startsWith('Patient/')) tokens.push(...ref('patient', resource.subject));
      for (const c of resource.type.coding ?? []) {
        if (!c.code) continue;
        tokens.push({ name: 'type', value: `${c.system ?? ''}|${c.code}` });
        tokens.push({ name: 'type:code', value: c.code });
      }
      tokens.push({ name: 'date', value: normalizeInstant(resource.date) });
      break;
    case 'Observation':
    case 'MedicationStatement':
    case 'MedicationAdministration':
    case 'Communication':
      tokens.push({ name: 'status', value: resource.status });
      tokens.push(...ref('subject', resource.subject));
      if (resource.subject?.reference?.startsWith('Patient/')) tokens.push(...ref('patient', resource.subject));
      break;
    case 'AllergyIntolerance':
      tokens.push(...ref('patient', resource.patient));
      break;
    case 'Contract':
      for (const s of resource.subject ?? []) {
        tokens.push(...ref('subject', s));
        if (s.reference?.startsWith('Patient/')) tokens.push(...ref('patient', s));
      }
      if (resource.status) tokens.push({ name: 'status', value: resource.status });
      break;
    case 'AuditEvent':
      if (resource.recorded) tokens.push({ name: 'date', value: normalizeInstant(resource.recorded) });
      for (const e of resource.entity ?? []) tokens.push(...ref('entity', e.what));
      for (const a of resource.agent) {
        if (a.who?.identifier?.value) tokens.push({ name: 'agent', value: a.who.identifier.value });
      }
      break;
    case 'Binary':
      break;
  }
  return tokens;
}

type ParamKind = 'string' | 'token' | 'reference' | 'date';

/** The search parameters each type answers (anything else is refused, never silently ignored). */
const PARAMS: Readonly<Record<FhirResourceType, Readonly<Record<string, ParamKind>>>> = {
  Patient: { name: 'string', birthdate: 'date', identifier: 'token', email: 'token' },
  Practitioner: { name: 'string', identifier: 'token' },
  Location: { name: 'string', partof: 'reference', status: 'token', 'physical-type': 'token' },
  Appointment: {
    date: 'date',
    status: 'token',
    patient: 'reference',
    practitioner: 'reference',
    location: 'reference',
    actor: 'reference',
    composition: 'reference',
    identifier: 'token',
  },
  Composition: { subject: 'reference', patient: 'reference', type: 'token', status: 'token', date: 'date' },
  Observation: { subject: 'reference', patient: 'reference', status: 'token' },
  AllergyIntolerance: { patient: 'reference' },
  MedicationStatement: { subject: 'reference', patient: 'reference', status: 'token' },
  MedicationAdministration: { subject: 'reference', patient: 'reference', status: 'token' },
  Communication: { subject: 'reference', patient: 'reference', status: 'token' },
  Contract: { subject: 'reference', patient: 'reference', status: 'token' },
  Binary: {},
  AuditEvent: { date: 'date', entity: 'reference', agent: 'token' },
};

/** The search parameters a type answers, with their FHIR types (the CapabilityStatement lists them). */
export function searchParametersOf(type: FhirResourceType): { name: string; type: ParamKind }[] {
  return Object.entries(PARAMS[type]).map(([name, kind]) => ({ name, type: kind }));
}

/** Default target type of a reference parameter given as a bare id (`patient=pat-1`). */
const REFERENCE_TARGET: Readonly<Record<string, string>> = {
  patient: 'Patient',
  subject: 'Patient',
  practitioner: 'Practitioner',
  location: 'Location',
  partof: 'Location',
  composition: 'Composition',
};

/** Parameters about the result, not the match. `token` is the session token (spec 002 §7), never a filter. */
export const RESULT_PARAMS = new Set(['_count', '_offset', '_sort', '_format', '_total', 'token']);

const DATE_PREFIXES = ['eq', 'ge', 'gt', 'le', 'lt'] as const;

/**
 * Bounds on one search (issue 24 item 8): every clause is a subquery, so 1,200 repeated
 * parameters made a statement SQLite refuses (a 500). The app's own searches use at most a few
 * parameters (a date range, a status, a location) and a few comma-separated values; these
 * bounds are far above that and far below what the database can take.
 */
export const SEARCH_LIMITS = {
  /** Query parameters of any kind, result parameters (_count, _sort…) included. */
  maxParameters: 30,
  /** Comma-separated values across all parameters. */
  maxValues: 200,
} as const;

function assertSearchSize(params: URLSearchParams): void {
  let parameters = 0;
  let values = 0;
  for (const [, raw] of params) {
    parameters += 1;
    values += raw.split(',').length;
    if (parameters > SEARCH_LIMITS.maxParameters) {
      throw new AppError(
        400,
        'TOO_MANY_SEARCH_PARAMETERS',
        `A search takes at most ${SEARCH_LIMITS.maxParameters} parameters`,
      );
    }
    if (values > SEARCH_LIMITS.maxValues) {
      throw new AppError(400, 'TOO_MANY_SEARCH_PARAMETERS', `A search takes at most ${SEARCH_LIMITS.maxValues} values`);
    }
  }
}

function invalid(message: string): AppError {
  return new AppError(400, 'INVALID_SEARCH', message);
}

function dateClauses(name: string, raw: string): SearchClause[] {
  const prefix = DATE_PREFIXES.find((p) => raw.startsWith(p) && /^\d/.test(raw.slice(2)));
  // An unencoded '+' of a time zone offset arrives as a space: read it back.
  const value = (prefix ? raw.slice(2) : raw).replace(/ (\d{2}:\d{2})$/, '+$1');
  const isInstant = value.includes('T');
  if (isInstant ? Number.isNaN(Date.parse(value)) : !isFhirDate(value)) {
    throw invalid(`Invalid date for ${name}: ${raw}`);
  }
  const v = normalizeInstant(value);
  // A partial date (2026, 2026-11, 2026-11-21) covers everything that starts with it (UTC).
  const upper = isInstant ? v : v + TEXT_MAX;
  switch (prefix ?? 'eq') {
    case 'ge':
      return [{ name, op: 'ge', values: [v] }];
    case 'gt':
      return [{ name, op: 'gt', values: [upper] }];
    case 'le':
      return [{ name, op: 'le', values: [upper] }];
    case 'lt':
      return [{ name, op: 'lt', values: [v] }];
    default:
      return isInstant ? [{ name, op: 'eq', values: [v] }] : [{ name, op: 'sw', values: [v] }];
  }
}

/**
 * Turns a query string into clauses for one type: Patient name (starts with, any case),
 * birthdate, identifier (`system|value` or value); Appointment date (ge/gt/le/lt/eq, repeatable
 * for a range), status (comma = or), patient, practitioner, location; Composition subject and
 * type (`http://loinc.org|35089-2` or `35089-2`); `_id` and `_lastUpdated` everywhere.
 */
export function parseSearch(type: FhirResourceType, params: URLSearchParams): SearchClause[] {
  const known = PARAMS[type];
  const clauses: SearchClause[] = [];
  assertSearchSize(params);
  for (const [key, raw] of params) {
    if (RESULT_PARAMS.has(key)) continue;
    if (raw === '') throw invalid(`Empty value for ${key}`);
    if (key === '_id') {
      clauses.push({ name: '_id', op: 'eq', values: raw.split(',') });
      continue;
    }
    if (key === '_lastUpdated') {
      clauses.push(...dateClauses('_lastUpdated', raw));
      continue;
    }
    const kind = known[key];
    if (!kind) throw new AppError(400, 'UNKNOWN_SEARCH_PARAMETER', `Unknown search parameter ${key} for ${type}`);
    const values = raw.split(',');
    switch (kind) {
      case 'string':
        clauses.push({ name: key, op: 'sw', values: values.map(lower) });
        break;
      case 'date':
        clauses.push(...dateClauses(key, raw));
        break;
      case 'reference': {
        const target = REFERENCE_TARGET[key];
        clauses.push({
          name: key,
          op: 'eq',
          values: values.map((v) => (v.includes('/') || !target ? v : `${target}/${v}`)),
        });
        break;
      }
      case 'token':
        if (key === 'identifier' || key === 'type') {
          const withSystem = values.filter((v) => v.includes('|'));
          const bare = values.filter((v) => !v.includes('|'));
          if (withSystem.length > 0 && bare.length > 0) throw invalid(`Mix of system|code and code in ${key}`);
          clauses.push(
            bare.length > 0
              ? { name: key === 'identifier' ? 'identifier:value' : 'type:code', op: 'eq', values: bare }
              : { name: key, op: 'eq', values: withSystem },
          );
        } else {
          clauses.push({ name: key, op: 'eq', values: key === 'email' ? values.map(lower) : values });
        }
        break;
    }
  }
  return clauses;
}

/** Whether one token value satisfies a clause value (shared by the stores' matching). */
export function matches(op: SearchOp, tokenValue: string, wanted: string): boolean {
  switch (op) {
    case 'eq':
      return tokenValue === wanted;
    case 'sw':
      return tokenValue.startsWith(wanted);
    case 'ge':
      return tokenValue >= wanted;
    case 'gt':
      return tokenValue > wanted;
    case 'le':
      return tokenValue <= wanted;
    case 'lt':
      return tokenValue < wanted;
  }
}
