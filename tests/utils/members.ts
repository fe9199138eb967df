import { randomAlphanumeric } from '@vigil/shared';
import { Browser, fullyAuthenticated, latestCode, signIn } from '../integration/accounts-client.js';

export const MEMBER_PASSWORD = 'granite lantern 42 meadow';

export interface OrgMember {
  email: string;
  orgId: string;
  /** The session token (the `dev-tok` cookie's value), for websocket `token` parameters. */
  token: string;
  browser: Browser;
}

/** A fresh organisation ID that no other test uses. */
export function uniqueOrgId(prefix = 'org'): string {
  return `${prefix}-${randomAlphanumeric(10).toLowerCase()}`;
}

/**
 * A user who signed up, verified email MFA and created an organisation (so is its admin and
 * provider), all through the real server's GraphQL calls. The session is fully authenticated.
 */
export async function orgMember(serverUrl: string, orgId = uniqueOrgId()): Promise<OrgMember> {
  const email = `member-${randomAlphanumeric(8).toLowerCase()}@vigil.test`;
  const { browser } = await fullyAuthenticated(serverUrl, email, MEMBER_PASSWORD);
  const created = await browser.gql<{ createOrg: { orgId: string } }>(
    `mutation ($orgId: String, $orgName: String!) {
      createOrg(orgId: $orgId, orgType: "regular", orgName: $orgName) { orgId }
    }`,
    { orgId, orgName: `Practice ${orgId}` },
  );
  if (!created.data) throw new Error(`createOrg failed: ${created.code}`);
  if (!browser.token) throw new Error('no session token after createOrg');
  return { email, orgId, token: browser.token, browser };
}

/** Signs the same user in again (a second device): a new fully authenticated session. */
export async function signInAgain(serverUrl: string, email: string): Promise<Browser> {
  const browser = new Browser(serverUrl);
  const result = await signIn(browser, email, MEMBER_PASSWORD);
  if (!result.data) throw new Error(`sign-in failed: ${result.code}`);
  await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: email });
  const code = await latestCode(serverUrl, email);
  const verified = await browser.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { id } } }',
    {
      to: email,
      code,
    },
  );
  if (!verified.data) throw new Error(`MFA failed: ${verified.code}`);
  return browser;
}
