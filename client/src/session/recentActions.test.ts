// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { RecentAction } from '@vigil/shared';
import { clearRecentActions, controlOf, recentActionsText, recordAction, recordClicks } from './recentActions.js';

afterEach(() => {
  clearRecentActions();
  document.body.innerHTML = '';
});

const logged = (): RecentAction[] => JSON.parse(recentActionsText()) as RecentAction[];

describe('the recent actions log (HF1)', () => {
  it('[HF1] keeps the last 20 actions, in the tab’s session storage', () => {
    for (let i = 0; i < 25; i += 1) recordAction('navigate', `/org/o1/cases/c${i}`, i);
    expect(logged().map((a) => a.at)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    expect((JSON.parse(sessionStorage.getItem('vigil.recentActions')!) as RecentAction[]).length).toBe(20);
  });

  it('names a pressed control by its role and test id, never its text', () => {
    document.body.innerHTML = `
      <button data-testid="finalize">Sign Ada Lovelace's record</button>
      <div role="menuitem"><span id="inner">Help / Feedback</span></div>
      <p id="plain">Ada Lovelace</p>`;
    const stop = recordClicks(document);
    document.querySelector('button')!.click();
    (document.getElementById('inner') as HTMLElement).click();
    (document.getElementById('plain') as HTMLElement).click();
    stop();
    document.querySelector('button')!.click();
    expect(logged().map((a) => [a.kind, a.target.split(' on ')[0]])).toEqual([
      ['click', 'button#finalize'],
      ['click', 'menuitem'],
    ]);
    expect(recentActionsText()).not.toContain('Lovelace');
    expect(controlOf(document.getElementById('plain')!)).toBeNull();
  });
});
