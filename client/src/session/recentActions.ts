import { RECENT_ACTIONS_LIMIT, serializeRecentActions, type RecentAction } from '@vigil/shared';

/*
 * The recent actions log sent with Help / Feedback (issue 40; spec 002 §9: last 20 actions, size
 * cap 10,000 bytes). It records where the user went and what kind of control they pressed, never
 * what they typed or read: a path (ids, no names), and a control's role and test id.
 */

/** Kept in the tab's session storage: a reload (often what a user tries before asking for help) keeps the log. */
const STORAGE_KEY = 'vigil.recentActions';

function stored(): RecentAction[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RecentAction[]).slice(-RECENT_ACTIONS_LIMIT) : [];
  } catch {
    return [];
  }
}

const actions: RecentAction[] = typeof sessionStorage === 'undefined' ? [] : stored();

/** Records one action, keeping the last RECENT_ACTIONS_LIMIT. */
export function recordAction(kind: RecentAction['kind'], target: string, at = Date.now()): void {
  actions.push({ at, kind, target: target.slice(0, 300) });
  if (actions.length > RECENT_ACTIONS_LIMIT) actions.splice(0, actions.length - RECENT_ACTIONS_LIMIT);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(actions));
  } catch {
    // No storage (private mode, full): the log lives for this page only.
  }
}

/** The log as sent (HF1): the last 20 actions within 10,000 bytes, or 'error serializing recent actions'. */
export function recentActionsText(): string {
  return serializeRecentActions(actions);
}

/** Empties the log (tests; a sign-out). */
export function clearRecentActions(): void {
  actions.length = 0;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** What a pressed control is called in the log: its role and test id, never its text. */
export function controlOf(element: Element): string | null {
  const control = element.closest(
    'button, a, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"]',
  );
  if (!control) return null;
  const role = control.getAttribute('role') ?? control.tagName.toLowerCase();
  const testId = control.getAttribute('data-testid');
  return testId ? `${role}#${testId}` : role;
}

/** Records each pressed control, from the document's click events; answers how to stop. */
export function recordClicks(doc: Document = document): () => void {
  const onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? controlOf(event.target) : null;
    if (target) recordAction('click', `${target} on ${doc.location?.pathname ?? ''}`);
  };
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
