import { EDITING_WINDOW_CLOSED, providerEditingWindowEnd, isProviderEditingWindowOpen } from '@vigil/shared';
import { clockDateTime } from '../../../ui/format.js';

/** Texts of the read-only reasons (not shown by the spec: docs/decisions.md). */
export const READ_ONLY_TEXTS = {
  finalized: 'This case has been finalized. Its record can no longer be changed.',
  tooNew:
    'This case was charted with a newer version of Vigil. Reload the app to update it; until then the case is read-only here.',
  refused: (reason: string): string => `The server no longer accepts changes to this case (${reason}).`,
  windowClosed: (closedAt: string): string =>
    `The provider editing window of 24 hours closed at ${closedAt}. The case can no longer be changed.`,
  /** The server's clock closed the window while this device's copy says it is open (its clock, or times not saved). */
  windowClosedOnServer:
    'The provider editing window of 24 hours has closed. The case can no longer be changed; changes made on this device are not saved.',
} as const;

export interface ReadOnlyInput {
  /** The sync layer's refusal (FINALIZED for a finalized case, EDITING_WINDOW_CLOSED past the window), or null. */
  refused: string | null;
  schema: string;
  caseStart: number | null;
  end: number | null;
  now: number;
}

/**
 * Why the case cannot be changed, or null: finalized (the sync layer refuses), written by a
 * newer build, or past the provider editing window (spec 000 §9, rule EW1).
 */
export function readOnlyReason(input: ReadOnlyInput): string | null {
  if (input.refused === 'FINALIZED') return READ_ONLY_TEXTS.finalized;
  const times = { caseStart: input.caseStart, end: input.end };
  const windowClosed = !isProviderEditingWindowOpen(times, input.now);
  // EW2: the server refuses writes past the window by its own clock. When this device's copy
  // also says closed, its closing time is named; else (a device clock behind the server's, or
  // times changed here that the server refused) the window is said closed without a time.
  if (input.refused === EDITING_WINDOW_CLOSED) {
    return windowClosed
      ? READ_ONLY_TEXTS.windowClosed(clockDateTime(providerEditingWindowEnd(times) as number))
      : READ_ONLY_TEXTS.windowClosedOnServer;
  }
  if (input.refused) return READ_ONLY_TEXTS.refused(input.refused);
  if (input.schema === 'tooNew') return READ_ONLY_TEXTS.tooNew;
  if (windowClosed) return READ_ONLY_TEXTS.windowClosed(clockDateTime(providerEditingWindowEnd(times) as number));
  return null;
}
