import type { Browser as PlaywrightBrowser, BrowserContext } from '@playwright/test';
import type { Browser as CookieJar } from '../integration/accounts-client.js';
import { orgMember, signInAgain, type OrgMember } from '../utils/members.js';

/** A browser context carrying a cookie jar's cookies (a signed-in session) for the test server. */
export async function contextWith(
  browser: PlaywrightBrowser,
  baseURL: string,
  jar: CookieJar,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: baseURL })));
  return context;
}

/**
 * A member of a new organisation (signed up, email MFA verified, organisation created through
 * the real server), and a browser context signed in as them.
 */
export async function memberContext(
  browser: PlaywrightBrowser,
  baseURL: string,
): Promise<{ member: OrgMember; context: BrowserContext }> {
  const member = await orgMember(baseURL);
  return { member, context: await contextWith(browser, baseURL, member.browser) };
}

/** The same member signed in on a second device. */
export async function secondDevice(
  browser: PlaywrightBrowser,
  baseURL: string,
  member: OrgMember,
): Promise<BrowserContext> {
  return contextWith(browser, baseURL, await signInAgain(baseURL, member.email));
}
