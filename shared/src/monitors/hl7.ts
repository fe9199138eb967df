import { errorIssue, warningIssue, type Issue } from '../case-data/issue.js';

/*
 * HL7 v2 messages in their "ER7" text form (HL7 v2.6 chapter 2, the version IHE PCD-01 is
 * built on): segments ended by CR; MSH-1 the field separator, MSH-2 the component, repetition,
 * escape and subcomponent characters. A small reader of our own rather than @medplum/core's
 * Hl7Message: shared is bundled into the client, and that package is one 218 KB module shared
 * does not depend on (docs/decisions.md, session 26). The simulator's tests check this reader
 * against Hl7Message on the same messages.
 */

export interface Hl7Delimiters {
  readonly field: string;
  readonly component: string;
  readonly repetition: string;
  readonly escape: string;
  readonly subcomponent: string;
}

export const DEFAULT_HL7_DELIMITERS: Hl7Delimiters = {
  field: '|',
  component: '^',
  repetition: '~',
  escape: '\\',
  subcomponent: '&',
};

/** One segment: its name and its fields, numbered as HL7 numbers them (MSH-1 is the field separator). */
export interface Hl7Segment {
  readonly name: string;
  /** fields[0] is the name; fields[n] is SEG-n, raw (escapes not yet undone). */
  readonly fields: readonly string[];
}

export interface Hl7Message {
  readonly delimiters: Hl7Delimiters;
  readonly segments: readonly Hl7Segment[];
}

/**
 * [MON9] Reads a message. No MSH, or an MSH without its delimiters, is an error and no message;
 * a segment whose name is not three capitals or digits is skipped with a warning.
 */
export function parseHl7(text: string): { message: Hl7Message | null; issues: Issue[] } {
  const issues: Issue[] = [];
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.length > 0);
  const first = lines[0] ?? '';
  if (!first.startsWith('MSH') || first.length < 8) {
    return {
      message: null,
      issues: [errorIssue('HL7_NO_MSH', 'The message does not start with an MSH segment.', [0])],
    };
  }
  const d: Hl7Delimiters = {
    field: first[3]!,
    component: first[4]!,
    repetition: first[5]!,
    escape: first[6]!,
    subcomponent: first[7]!,
  };
  if (new Set(Object.values(d)).size !== 5 || /[A-Za-z0-9]/.test(Object.values(d).join(''))) {
    return {
      message: null,
      issues: [errorIssue('HL7_BAD_DELIMITERS', 'The MSH segment has no valid delimiters.', [0])],
    };
  }
  const segments: Hl7Segment[] = [];
  lines.forEach((line, index) => {
    const parts = line.split(d.field);
    const name = parts[0]!;
    if (!/^[A-Z][A-Z0-9]{2}$/.test(name)) {
      issues.push(warningIssue('HL7_BAD_SEGMENT', `Segment ${index + 1} has no valid name and was skipped.`, [index]));
      return;
    }
    // MSH-1 is the field separator itself, so MSH's fields are shifted by one.
    segments.push({ name, fields: name === 'MSH' ? ['MSH', d.field, ...parts.slice(1)] : parts });
  });
  return { message: { delimiters: d, segments }, issues };
}

/** The first segment of a name, else null. */
export function hl7Segment(message: Hl7Message, name: string): Hl7Segment | null {
  return message.segments.find((s) => s.name === name) ?? null;
}

/**
 * [MON9] One component of a field, escapes undone: `hl7Value(msg, seg, 3, 1)` is SEG-3.1 of the
 * field's first repetition. Empty string when absent.
 */
export function hl7Value(message: Hl7Message, segment: Hl7Segment, field: number, component = 1): string {
  const d = message.delimiters;
  const raw = segment.fields[field] ?? '';
  if (segment.name === 'MSH' && field <= 2) return raw;
  const repetition = raw.split(d.repetition)[0] ?? '';
  const comp = repetition.split(d.component)[component - 1] ?? '';
  return hl7Unescape(comp.split(d.subcomponent)[0] ?? '', d);
}

/** [MON9] Undoes HL7 escapes: \F\ \S\ \T\ \R\ \E\ (other escape sequences are dropped). */
export function hl7Unescape(text: string, d: Hl7Delimiters = DEFAULT_HL7_DELIMITERS): string {
  if (!text.includes(d.escape)) return text;
  const map: Readonly<Record<string, string>> = {
    F: d.field,
    S: d.component,
    T: d.subcomponent,
    R: d.repetition,
    E: d.escape,
  };
  const e = d.escape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${e}([^${e}]*)${e}`, 'g'), (_, code: string) => map[code] ?? '');
}

/** [MON9] Escapes the delimiters in a value written into a message. */
export function hl7Escape(text: string, d: Hl7Delimiters = DEFAULT_HL7_DELIMITERS): string {
  let out = '';
  for (const c of text) {
    if (c === d.escape) out += `${d.escape}E${d.escape}`;
    else if (c === d.field) out += `${d.escape}F${d.escape}`;
    else if (c === d.component) out += `${d.escape}S${d.escape}`;
    else if (c === d.subcomponent) out += `${d.escape}T${d.escape}`;
    else if (c === d.repetition) out += `${d.escape}R${d.escape}`;
    else if (c === '\r' || c === '\n') out += ' ';
    else out += c;
  }
  return out;
}

/** An HL7 DTM in UTC with its offset, to the second: 20261128235000+0000. */
export function hl7Timestamp(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+0000`;
}

/**
 * [MON15] An HL7 DTM (YYYY[MM[DD[HH[MM[SS[.S…]]]]]][+/-ZZZZ]) as epoch ms, only when it carries
 * a time zone offset and a time to the minute: a device's local time without a zone is not a
 * moment. Null otherwise.
 */
export function hl7TimeToEpoch(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?([+-])(\d{2})(\d{2})$/.exec(text.trim());
  if (m == null) return null;
  const [, y, mo, d, h, mi, s, frac, sign, oh, om] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const ms = frac == null ? 0 : Math.round(Number(`0.${frac}`) * 1000);
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  const value = utc + ms - offset;
  return Number.isFinite(value) ? value : null;
}

export type AckCode = 'AA' | 'AE';

export interface AckOptions {
  /** AA when the message was taken; AE when it was not (with `text` saying why). */
  readonly code: AckCode;
  readonly text?: string;
  /** When the acknowledgement is made (epoch ms), for MSH-7. */
  readonly now: number;
  /** MSH-10 of the acknowledgement; by default the message's own control id with an A before it. */
  readonly controlId?: string;
}

/**
 * [MON12] The acknowledgement of a message (HL7 v2.6 §2.9 original mode): MSH with sender and
 * receiver swapped, MSH-9 ACK^<trigger>^ACK, MSH-11 and MSH-12 echoed; MSA-1 AA or AE, MSA-2 the
 * message's control id, MSA-3 the text. A message that could not be read at all (null) still
 * gets an AE with an empty MSA-2, so the sender does not wait.
 */
export function buildHl7Ack(message: Hl7Message | null, options: AckOptions): string {
  const d = message?.delimiters ?? DEFAULT_HL7_DELIMITERS;
  const msh = message ? hl7Segment(message, 'MSH') : null;
  const get = (field: number, component = 1): string =>
    message && msh ? hl7Escape(hl7Value(message, msh, field, component), d) : '';
  const controlId = get(10);
  const trigger = get(9, 2) || 'R01';
  const enc = `${d.component}${d.repetition}${d.escape}${d.subcomponent}`;
  const header = [
    'MSH',
    enc,
    get(5) || 'VIGIL',
    get(6),
    get(3),
    get(4),
    hl7Timestamp(options.now),
    '',
    `ACK${d.component}${trigger}${d.component}ACK`,
    hl7Escape(options.controlId ?? `A${controlId}`.slice(0, 199), d),
    get(11) || 'P',
    get(12) || '2.6',
  ].join(d.field);
  const msa = ['MSA', options.code, controlId, options.text == null ? '' : hl7Escape(options.text, d)];
  while (msa.at(-1) === '') msa.pop();
  return `${header}\r${msa.join(d.field)}\r`;
}
