import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { bookCaseOf } from './org-setup.js';

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of the open case screen, once
 * every section has mounted (the report section is the last). Sections off screen are not
 * rendered by the browser (`content-visibility: auto`), and axe-core cannot read text and
 * background colours there (dequelabs/axe-core#2768), so the scan renders them all first; the
 * pointer leaves the page so no hover state covers the text checked.
 */
export async function caseScreenViolations(page: Page): Promise<string[]> {
  await expect(page.locator('#case-report-title')).toBeVisible();
  await page.addStyleTag({ content: '[data-case-section] { content-visibility: visible !important; }' });
  return seriousViolations(page);
}

/**
 * Waits until no finite animation or transition of the page is running and every open dialog is
 * fully opaque. A dialog still fading in (Mantine's modal transition) has its text at part
 * opacity, and axe then measures a contrast the user never sees once it is open: two of the
 * rehearsal's e2e failures in session 35 were that, on a loaded machine, and one in session 40
 * came just before the transition started (a dialog mounted at opacity 0 runs no animation yet, and
 * Playwright counts it visible). Endless animations (a loader) are not waited for; a page that
 * keeps starting new transitions is checked as it is after 10 s.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const moving = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        const opacity = (element: Element): number => {
          let product = 1;
          for (let e: Element | null = element; e; e = e.parentElement) product *= Number(getComputedStyle(e).opacity);
          return product;
        };
        return !moving && [...document.querySelectorAll('[role="dialog"]')].every((d) => opacity(d) === 1);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of the page as it is, each as
 * `rule: selectors`; the pointer leaves the page first so no hover state covers the text checked,
 * and the page's transitions end first (settled).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Books a patient (Ada Lovelace) and an appointment starting now through the real FHIR API, as
 * the front desk would; the case id is the appointment's.
 */
export async function bookCase(baseURL: string, orgId: string, token: string): Promise<string> {
  return (await bookPatientCase(baseURL, orgId, token)).caseId;
}

/** As bookCase, with the patient's id too. */
export async function bookPatientCase(
  baseURL: string,
  orgId: string,
  token: string,
): Promise<{ caseId: string; patientId: string }> {
  return bookCaseOf(
    baseURL,
    orgId,
    token,
    { name: [{ given: ['Ada'], family: 'Lovelace' }], birthDate: '1990-05-06' },
    {
      description: 'Implant',
    },
  );
}
