import * as Y from 'yjs';
import {
  CASE_ROOT,
  caseEditingWindowEndFrom,
  ECG_CAPTURE_NOT_IN_PLAN,
  LEGACY_READINGS_KEY,
  MONITORS_KEY,
  READINGS_KEY,
  waveCaptureEntitlement,
  WAVE_TYPES,
  type Issue,
  type WaveType,
} from '@vigil/shared';
import { checkCaseContent, type CaseCheck, type WaveFix } from '../case-check.js';
import type { DocumentCheck, DocumentKind, LiveInput } from '../hooks.js';
import type { ProjectionInput } from '../projection.js';
import type { RoomAddress } from '../protocol.js';

export interface CaseKindOptions {
  /**
   * Checks a case's content (schema issues, waves to reduce): the server passes its worker
   * thread's (CaseChecker.check), so the CPU work stays off the event loop; in-process by default.
   */
  check?: (content: unknown) => Promise<CaseCheck>;
  /** The Composition projection (compositionProjector); none by default. */
  project?: (input: ProjectionInput) => void | Promise<void>;
  /** The case's live summary (LiveCasesService.caseChanged), handed what caseLiveData reads; none by default. */
  live?: (address: RoomAddress, caseData: Record<string, unknown>, finalized: boolean) => void | Promise<void>;
  /**
   * [MON22] Whether the organisation's plan includes waveform capture (Entitlements.planHas), asked
   * only when the case holds an ECG strip; absent: every strip is kept.
   */
  ecgAllowed?: (orgId: string) => Promise<boolean>;
  /** The server's clock (MON22_RECENT_MS: only a strip captured lately is refused). */
  now?: () => number;
}

/**
 * [MON22] A tablet's ECG strip is removed only when captured within this time of the server's
 * clock: a strip already in the case (captured while the plan had waveforms, or charted offline
 * before a downgrade) is charted data and is never taken out of a case afterwards.
 */
export const MON22_RECENT_MS = 60 * 60_000;

/**
 * The case document (spec 001 §3): the default kind, so every room no other kind claims is a
 * case. Its content is validated with the shared case schema, unsafe wave svgs are reduced
 * to the allowlist and ECG strips are removed where the plan has no waveform capture (MON22, the
 * one place a strip written by any writer, a tablet through Yjs too, is refused); its projection
 * is the anesthesia record Composition's caseData.
 */
export function caseKind(options: CaseKindOptions = {}): DocumentKind {
  const check = options.check ?? ((content: unknown) => Promise.resolve(checkCaseContent(content)));
  return {
    name: 'case',
    root: CASE_ROOT,
    async validate(content: unknown, address?: RoomAddress): Promise<DocumentCheck> {
      const { issues, waveFixes } = await check(content);
      const since = (options.now ?? Date.now)() - MON22_RECENT_MS;
      const ecg = ecgStrips(content).filter((strip) => strip.time >= since);
      const refused =
        ecg.length > 0 && address && options.ecgAllowed && !(await options.ecgAllowed(address.orgId)) ? ecg : [];
      if (waveFixes.length === 0 && refused.length === 0) return { issues };
      return {
        issues: [...issues, ...refused.map(ecgRefusal)],
        repair: (root) => {
          reduceWaves(root, waveFixes);
          removeWaves(root, new Set(refused.map((r) => r.id)));
        },
      };
    },
    editingClosesAt: caseEditingClosesAt,
    ...(options.project ? { project: options.project } : {}),
    ...(options.live ? { live: liveHook(options.live) } : {}),
  };
}

function liveHook(live: NonNullable<CaseKindOptions['live']>): (input: LiveInput) => void | Promise<void> {
  return ({ address, root, finalized }) => live(address, caseLiveData(root), finalized);
}

/**
 * How many of a case's newest readings its live summary reads (LV1 looks 7 minutes back: 84
 * readings at one every 5 s, 420 at one a second); a 4-hour case holds 2,880 at one every 5 s.
 */
export const LIVE_READINGS_TAIL = 500;

const jsonOf = (value: unknown): unknown => (value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value);

/** The first entry and the last `n` of a list of the case (a Y.Array, or a plain list an old client wrote). */
function ends(value: unknown, n: number): unknown[] {
  if (value instanceof Y.Array) {
    const list = value as Y.Array<unknown>;
    const length = list.length;
    if (length <= n + 1) return list.toArray().map(jsonOf);
    return [list.get(0), ...list.slice(length - n)].map(jsonOf);
  }
  if (!Array.isArray(value)) return [];
  const list = value as unknown[];
  return list.length <= n + 1 ? list : [list[0], ...list.slice(list.length - n)];
}

/**
 * [LV1] What a case's live summary reads of its document, without turning the whole document into
 * JSON: its events and vitals tracking switch, the monitors' headers, the first and the newest
 * LIVE_READINGS_TAIL readings of each form (the first: when it started, without a caseStart) and,
 * only for a case whose start is derived from everything charted (vitals tracking off, ET3), the
 * rest of its content.
 */
export function caseLiveData(root: Y.Map<unknown>): Record<string, unknown> {
  if (root.get('vitalsTrackingEnabled') === false) return root.toJSON();
  return {
    events: jsonOf(root.get('events')),
    vitalsTrackingEnabled: jsonOf(root.get('vitalsTrackingEnabled')),
    [MONITORS_KEY]: jsonOf(root.get(MONITORS_KEY)),
    [READINGS_KEY]: ends(root.get(READINGS_KEY), LIVE_READINGS_TAIL),
    [LEGACY_READINGS_KEY]: ends(root.get(LEGACY_READINGS_KEY), LIVE_READINGS_TAIL),
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

/** An ECG strip of the case's waves: where it is and its id. */
interface EcgStrip {
  index: number;
  id: string;
  /** When it was captured (epoch ms; 0 when the entry has no time). */
  time: number;
}

/** The case's waves that are ECG leads (MON22's waveform capture), with an id to remove them by. */
export function ecgStrips(content: unknown): EcgStrip[] {
  const waves = content !== null && typeof content === 'object' ? (content as { waves?: unknown }).waves : undefined;
  if (!Array.isArray(waves)) return [];
  return waves.flatMap((wave: unknown, index): EcgStrip[] => {
    if (wave === null || typeof wave !== 'object') return [];
    const { id, type, time } = wave as { id?: unknown; type?: unknown; time?: unknown };
    const isWave = typeof type === 'string' && (WAVE_TYPES as readonly string[]).includes(type);
    if (typeof id !== 'string' || !isWave || !waveCaptureEntitlement(type as WaveType)) return [];
    return [{ index, id, time: typeof time === 'number' ? time : 0 }];
  });
}

/** [MON22] What the writer's tablet is told of an ECG strip the server removed. */
const ecgRefusal = (strip: EcgStrip): Issue => ({
  severity: 'error',
  code: 'MON22',
  path: ['waves', strip.index],
  message: ECG_CAPTURE_NOT_IN_PLAN,
});

/**
 * [MON22] Removes the ECG strips refused (by id; a strip of another type with that id, or one
 * added since the check, is left alone), from the case's Y.Array or a plain list an old client wrote.
 */
export function removeWaves(root: Y.Map<unknown>, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  const list = root.get('waves');
  const gone = (entry: unknown): boolean => {
    const { id, type } = (entry ?? {}) as { id?: unknown; type?: unknown };
    return typeof id === 'string' && ids.has(id) && ecgStrips({ waves: [{ id, type }] }).length === 1;
  };
  if (list instanceof Y.Array) {
    const entries = (list as Y.Array<unknown>).toArray();
    for (let i = entries.length - 1; i >= 0; i--) if (gone(jsonOf(entries[i]))) list.delete(i, 1);
  } else if (Array.isArray(list)) {
    const kept = (list as unknown[]).filter((entry) => !gone(entry));
    if (kept.length !== list.length) root.set('waves', kept);
  }
}
