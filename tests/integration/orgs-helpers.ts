/**
 * Helpers for the organisation tests: fully authenticated users in given roles, reached only
 * through the real server's GraphQL calls (and `npm run admin -- make-uber` for the internal uber).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT, type TestServer } from '../utils/start-server.js';
import { Browser, fullyAuthenticated, latestCode, outbox, type GqlResult } from './accounts-client.js';

export const PASSWORD = 'copper kettle 77 harbour';

const run = promisify(execFile);

export interface Person {
  browser: Browser;
  email: string;
  userId: string;
}

export async function person(server: TestServer, email: string): Promise<Person> {
  const { browser, user } = await fullyAuthenticated(server.url, email, PASSWORD);
  return { browser, email, userId: user.id };
}

/** Runs `scripts/admin.ts` (what `npm run admin --` runs) against the server's database. */
export async function adminCli(
  server: TestServer,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', ...server.env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export async function createOrg(
  who: Person,
  orgId: string,
  orgType = 'regular',
  orgName = `Org ${orgId}`,
): Promise<GqlResult<{ createOrg: { orgId: string } }>> {
  return who.browser.gql(
    `mutation ($orgId: String, $orgType: String!, $orgName: String!) {
      createOrg(orgId: $orgId, orgType: $orgType, orgName: $orgName) { orgId session { userId } }
    }`,
    { orgId, orgType, orgName },
  );
}

/** The invitation code from the newest invitation mail to an address. */
export async function invitationCode(baseUrl: string, to: string): Promise<string> {
  const last = (await outbox(baseUrl, to)).at(-1);
  const code = last ? /\/invitation\?invitationId=([A-Za-z0-9_%-]+)/.exec(last.body)?.[1] : undefined;
  if (!code) throw new Error(`no invitation in the outbox for ${to}`);
  return decodeURIComponent(code);
}

export async function invite(
  admin: Person,
  orgId: string,
  email: string,
  roles: string[] = ['member'],
): Promise<GqlResult<{ createOrgInvitation: { id: string; roles: string[]; type: string } }>> {
  return admin.browser.gql(
    `mutation ($orgId: String, $email: String!, $roles: [String!]) {
      createOrgInvitation(orgId: $orgId, email: $email, roles: $roles) { id roles type expiresAt }
    }`,
    { orgId, email, roles },
  );
}

export async function accept(who: Person | Browser, invitationId: string): Promise<GqlResult<Record<string, unknown>>> {
  const browser = who instanceof Browser ? who : who.browser;
  return browser.gql(
    `mutation ($invitationId: String) {
      acceptOrgInvitation(invitationId: $invitationId) { orgId type user { id } session { orgs { regular { id roles } parent { id roles } } } }
    }`,
    { invitationId },
  );
}

/** Invites a person into an organisation and has them accept: they become a member with those roles. */
export async function join(
  server: TestServer,
  admin: Person,
  orgId: string,
  who: Person,
  roles: string[],
): Promise<void> {
  const sent = await invite(admin, orgId, who.email, roles);
  if (sent.code) throw new Error(`invitation failed: ${sent.code}`);
  const accepted = await accept(who, await invitationCode(server.url, who.email));
  if (accepted.code) throw new Error(`accepting failed: ${accepted.code}`);
}

/** Confirms identity for sudo with the emailed code (spec 000 §6). */
export async function sudo(server: TestServer, who: Pick<Person, 'browser' | 'email'>): Promise<void> {
  const sent = await who.browser.gql(
    'mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email", sudo: true) }',
    { to: who.email },
  );
  if (sent.code) throw new Error(`sudo send failed: ${sent.code}`);
  const code = await latestCode(server.url, who.email);
  const verified = await who.browser.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code, sudo: true) { session { sudoExpiresAt } } }',
    { to: who.email, code },
  );
  if (verified.code) throw new Error(`sudo verify failed: ${verified.code}`);
}

/** The id of a member of an organisation, read through orgMembers as an admin. */
export async function memberId(admin: Person, orgId: string, email: string): Promise<string> {
  const result = await admin.browser.gql<{ orgMembers: { id: string; email: string }[] }>(
    'query ($orgId: String) { orgMembers(orgId: $orgId) { id email } }',
    { orgId },
  );
  const id = result.data?.orgMembers.find((m) => m.email === email)?.id;
  if (!id) throw new Error(`no member ${email} in ${orgId}: ${result.code}`);
  return id;
}
