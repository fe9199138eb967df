/*
 * Tour mode (spec 000 §2 account menu 'Start Tour Mode', "start-case with a tour flag and
 * start-case with a local flag"; issue 40): a guided first case on demo data that leaves nothing in
 * the office's records. The pure rules: the steps, where they go, and which start-case address is a
 * tour or local case. The screen is client/src/features/tour/.
 */

/** The tour's steps, in order: each names the part of the tour screen it points at. */
export const TOUR_STEPS = [
  {
    id: 'welcome',
    title: 'Welcome to tour mode',
    text: 'This is a practice case on a made-up patient. Nothing you chart here is saved or sent to your office.',
  },
  {
    id: 'patient',
    title: 'The patient',
    text: 'The case header shows who the case is for: name, age, weight and allergies.',
  },
  {
    id: 'times',
    title: 'Case times',
    text: "Record when monitoring, anesthesia and the procedure start and end. Tap 'now' beside Started Monitoring.",
  },
  {
    id: 'notes',
    title: 'Notes',
    text: 'Write the procedure and recovery notes, or tap a suggested sentence.',
  },
  {
    id: 'leave',
    title: 'Leave the tour',
    text: 'When you are done, leave the tour: the practice case is discarded.',
  },
] as const;

export type TourStepId = (typeof TOUR_STEPS)[number]['id'];

/**
 * [TOUR1] The step after a move: next and back stay within the steps (next on the last step and
 * back on the first stay where they are); an unknown step starts at the first.
 */
export function tourStepAfter(current: number, move: 'next' | 'back'): number {
  const last = TOUR_STEPS.length - 1;
  const at = Number.isInteger(current) ? Math.min(Math.max(current, 0), last) : 0;
  return move === 'next' ? Math.min(at + 1, last) : Math.max(at - 1, 0);
}

/** The mode a start-case address asks for: a guided tour, a local practice case, or a real case. */
export type StartCaseMode = 'tour' | 'local' | 'real';

/**
 * [TOUR2] The start-case entry point's flags (`?tour` and `?local`, any value but '0' or 'false'):
 * tour wins over local; neither is a real case.
 */
export function startCaseMode(search: string): StartCaseMode {
  // The query read by hand: shared/ runs where URLSearchParams is not typed (no DOM library).
  const query = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const [name = '', value = ''] = part.split('=');
    const key = decodeQueryPart(name);
    if (!query.has(key)) query.set(key, decodeQueryPart(value));
  }
  const on = (name: string): boolean => {
    const v = query.get(name);
    return v !== undefined && v !== '0' && v.toLowerCase() !== 'false';
  };
  if (on('tour')) return 'tour';
  if (on('local')) return 'local';
  return 'real';
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** The prefix of a tour or local case's id: never a FHIR id the office's records hold. */
export const TOUR_CASE_PREFIX = 'tour-';

/**
 * [TOUR3] A tour or local case is a document on this page only: its id starts with
 * TOUR_CASE_PREFIX, it is never opened through the sync layer (no IndexedDB, no socket), and the
 * sync server refuses a document of that id.
 */
export function isTourCaseId(id: string): boolean {
  return id.startsWith(TOUR_CASE_PREFIX);
}

/** The address of the tour screen of an organisation (a tour or local practice case). */
export function tourPath(orgId: string, mode: Exclude<StartCaseMode, 'real'>): string {
  return `/org/${encodeURIComponent(orgId)}/tour${mode === 'local' ? '?local=1' : ''}`;
}
