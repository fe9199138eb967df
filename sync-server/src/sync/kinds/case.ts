import * as Y from 'yjs';
import { CASE_ROOT, caseEditingWindowEndFrom } from '@vigil/shared';
import { checkCaseContent, type CaseCheck, type WaveFix } from '../case-check.js';
import type { DocumentCheck, DocumentKind } from '../hooks.js';
import type { ProjectionInput } from '../projection.js';

export interface CaseKindOptions {
  /**
   * Checks a case's content (schema issues, waves to reduce): the server passes its worker
   * thread's (CaseChecker.check), so the CPU work stays off the event loop; in-process by default.
   */
  check?: (content: unknown) => Promise<CaseCheck>;
  /** The Composition projection (compositionProjector); none by default. */
  project?: (input: ProjectionInput) => void | Promise<void>;
}

/**
 * The case document (spec 001 §3): the default kind, so every room no other kind claims is a
 * case. Its content is validated with the shared case schema and unsafe wave svgs are reduced
 * to the allowlist; its projection is the anesthesia record Composition's caseData.
 */
export function caseKind(options: CaseKindOptions = {}): DocumentKind {
  const check = options.check ?? ((content: unknown) => Promise.resolve(checkCaseContent(content)));
  return {
    name: 'case',
    root: CASE_ROOT,
    async validate(content: unknown): Promise<DocumentCheck> {
      const { issues, waveFixes } = await check(content);
      return waveFixes.length > 0 ? { issues, repair: (root) => reduceWaves(root, waveFixes) } : { issues };
    },
    editingClosesAt: caseEditingClosesAt,
    ...(options.project ? { project: options.project } : {}),
  };
}

/**
 * [EW2] When the case's provider editing window closes, from the document as the server holds it
 * (the rooms ask once per change): only the events are read unless the case's start is derived
 * from everything charted (caseEditingWindowEndFrom).
 */
export function caseEditingClosesAt(root: Y.Map<unknown>): number | null {
  return caseEditingWindowEndFrom(
    (key) => {
      const value = root.get(key);
      return value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value;
    },
    () => root.toJSON(),
  );
}

/**
 * Reduces the waves whose svg breaks the wave svg rules ([CD3], [CD12]) to the allowlist
 * (sanitize-html, in the check; issue 24 item 5), or empties the svg when nothing safe remains
 * (an empty svg is not printed, RP3). A wave changed since the check is left for the next one.
 */
export function reduceWaves(root: Y.Map<unknown>, fixes: readonly WaveFix[]): void {
  const list = root.get('waves');
  // The list is a Y.Array (caseStructure); a client may also have written a plain JSON list.
  const entries: unknown[] =
    list instanceof Y.Array ? list.toArray() : Array.isArray(list) ? [...(list as unknown[])] : [];
  const current = fixes.filter((f) => (entries[f.index] as { svg?: unknown } | undefined)?.svg === f.svg);
  if (current.length === 0) return;
  const fixed = (f: WaveFix): Record<string, unknown> => ({
    ...(entries[f.index] as Record<string, unknown>),
    svg: f.sanitized,
  });
  if (list instanceof Y.Array) {
    for (const f of current) {
      list.delete(f.index, 1);
      list.insert(f.index, [fixed(f)]);
    }
  } else {
    for (const f of current) entries[f.index] = fixed(f);
    root.set('waves', entries);
  }
}
