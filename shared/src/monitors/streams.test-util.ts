import type { MonitorStreamParser, ParseOutput } from './types.js';

/** The time every test chunk arrives at: readings carry it, so split and whole streams compare equal. */
export const ARRIVED = Date.UTC(2026, 10, 28, 14, 2, 1);

/** A stream parsed in one push. */
export function parseWhole(make: () => MonitorStreamParser, bytes: Uint8Array): ParseOutput {
  return make().push(bytes, ARRIVED);
}

/** A stream parsed in pieces cut at the given offsets. */
export function parseSplit(make: () => MonitorStreamParser, bytes: Uint8Array, cuts: readonly number[]): ParseOutput {
  const parser = make();
  const bounds = [0, ...cuts, bytes.length];
  const outs: ParseOutput[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) outs.push(parser.push(bytes.subarray(bounds[i], bounds[i + 1]), ARRIVED));
  return mergeEvery(outs);
}

/** Outputs concatenated field by field, every list field (an HL7 parser's acks too). */
function mergeEvery(outs: readonly ParseOutput[]): ParseOutput {
  const merged: Record<string, unknown[]> = {};
  for (const o of outs)
    for (const [key, list] of Object.entries(o)) merged[key] = [...(merged[key] ?? []), ...(list as unknown[])];
  return merged as unknown as ParseOutput;
}

/**
 * Every way the tests split a stream: cut in two at each byte boundary, and one byte a push.
 * Returns the splits whose output differs from the whole stream's (empty when the parser is
 * split-proof).
 */
export function splitsThatDiffer(make: () => MonitorStreamParser, bytes: Uint8Array): string[] {
  const whole = JSON.stringify(parseWhole(make, bytes));
  const differ: string[] = [];
  for (let k = 1; k < bytes.length; k++) {
    if (JSON.stringify(parseSplit(make, bytes, [k])) !== whole) differ.push(`cut at ${k}`);
  }
  const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
  if (JSON.stringify(parseSplit(make, bytes, everyByte)) !== whole) differ.push('one byte a push');
  return differ;
}
