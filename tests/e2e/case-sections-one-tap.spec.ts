import type { Browser, Page } from '@playwright/test';
import { orgMember } from '../utils/members.js';
import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';

/** A signed-in member's touch device of the given size, on a freshly booked case. */
async function deviceOnNewCase(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  isMobile: boolean,
): Promise<Page> {
  const member = await orgMember(baseURL);
  const caseId = await bookCase(baseURL, member.orgId, member.token);
  const context = await browser.newContext({ baseURL, viewport, hasTouch: true, isMobile });
  await context.addCookies([...member.browser.cookies].map(([name, value]) => ({ name, value, url: baseURL })));
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  // The first load of the app on a busy machine (three Chromiums, a server and a printer on 2 cores).
  await expect(page.getByTestId('case-patient')).toHaveText('Ada Lovelace', { timeout: 90_000 });
  await expect(page.getByLabel('Procedure', { exact: true })).toBeEnabled();
  return page;
}

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Case sections' });

for (const { width, height, name, isMobile } of [
  { width: 1280, height: 800, name: 'a landscape tablet (1280x800)', isMobile: false },
  { width: 800, height: 1280, name: 'a portrait tablet (800x1280)', isMobile: false },
  { width: 390, height: 844, name: 'a phone (390x844)', isMobile: true },
]) {
  test(`on ${name} every case section is on screen in the section navigation and opens with one tap (issue 35)`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Three sizes of the same flow with an accessibility scan: generous on a shared 2-core machine.
    test.setTimeout(300_000);
    const page = await deviceOnNewCase(browser, baseURL!, { width, height }, isMobile);
    await page.getByRole('switch', { name: 'IV', exact: true }).tap();
    await page.getByRole('switch', { name: 'Airway', exact: true }).tap();
    await expect(page.getByTestId('save-status')).toHaveText('saved');
    await page.screenshot({ path: testInfo.outputPath('opened.png') });

    const tabs = sectionNav(page).getByRole('button');
    const labels = await tabs.allInnerTexts();
    // Every section of a new case, the last three (off screen before) included.
    expect(labels).toEqual(
      expect.arrayContaining(['Start', 'Vitals', 'Discharge', 'Sign-off checks', 'Signatures', 'Report']),
    );
    // A new case shows 17; 19 with IV and airway tracked (Start case), all of which must show.
    expect(labels.length).toBeGreaterThanOrEqual(19);
    // Each tab whole inside the screen as the case opens: nothing to scroll to find one.
    for (let i = 0; i < labels.length; i++) {
      await expect(tabs.nth(i), labels[i]).toBeInViewport({ ratio: 1 });
      expect((await tabs.nth(i).boundingBox())!.height, labels[i]).toBeGreaterThanOrEqual(44);
    }
    const strip = await sectionNav(page).evaluate((nav) => ({ scroll: nav.scrollWidth, client: nav.clientWidth }));
    expect(strip.scroll).toBeLessThanOrEqual(strip.client);

    // One tap from anywhere in the case: the last sections first, then back to the first.
    for (const [tab, heading] of [
      ['Report', 'Report'],
      ['Sign-off checks', 'Sign-off checks'],
      ['Signatures', 'Signatures'],
      ['Start', 'Start case'],
    ] as const) {
      await sectionNav(page).getByRole('button', { name: tab, exact: true }).tap();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeFocused();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeInViewport();
      // Still all there, whatever was scrolled.
      await expect(tabs.last()).toBeInViewport({ ratio: 1 });
      await expect(tabs.first()).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: testInfo.outputPath('scrolled.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
