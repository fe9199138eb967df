import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Canonical JSON of a value: object keys sorted at every depth, `undefined` members and
 * functions dropped (as JSON does), arrays in order, numbers as JSON writes them. Two values
 * that are equal as data give the same text whatever order their keys were set in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) as string | undefined;
    return text ?? 'null';
  }
  if (value instanceof Uint8Array) return canonicalJson(Array.from(value));
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The content hash of a case document (spec 001 §4, §9): SHA-1, hex, of the canonical JSON of
 * its content. Client and server both call this one function, so equal hashes mean equal
 * content, and the case is saved.
 */
export function contentHash(content: unknown): string {
  return bytesToHex(sha1(utf8ToBytes(canonicalJson(content))));
}
