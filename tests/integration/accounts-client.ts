import { solveChallenge, type Challenge } from 'altcha-lib';
import { currentLegalAcceptances } from '@vigil/shared';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Solves the server's proof-of-work bot check as the browser does: fetch a challenge, find the
 * counter, send `base64(JSON {challenge, solution})` as botToken.
 */
export async function solveBotCheck(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/bot-check/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot check not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A small GraphQL client for the accounts tests: a cookie jar of one browser (the token and
 * identity cookies), raw Set-Cookie headers kept for flag checks, and the dev outbox reader.
 */
export interface GqlResult<T> {
  data: T | null;
  errors: { message: string }[] | undefined;
  /** The first error's message (the spec's code), if any. */
  code: string | undefined;
  setCookies: string[];
  status: number;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get token(): string | undefined {
    return this.cookies.get('dev-tok') ?? this.cookies.get('tok');
  }

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GqlResult<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const setCookies = res.headers.getSetCookie();
    for (const header of setCookies) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await res.json()) as { data?: T | null; errors?: { message: string }[] };
    return {
      data: body.data ?? null,
      errors: body.errors,
      code: body.errors?.[0]?.message,
      setCookies,
      status: res.status,
    };
  }
}

export const USER_FIELDS = 'id name email emailVerified hasPw sms mfa { channel to verified }';
export const SESSION_FIELDS =
  'userId multiFactorLast multiFactorAuthExp sessionRenewedAt sessionExpiresAt sudoLast sudoExpiresAt singleOrg token orgs { regular { id } parent { id } vigil { id } reseller { id } }';

export interface UserData {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  hasPw: boolean;
  sms: string | null;
  mfa: { channel: string; to: string; verified: boolean }[];
}
export interface SessionData {
  userId: string;
  multiFactorLast: number | null;
  multiFactorAuthExp: number | null;
  sessionRenewedAt: number;
  sessionExpiresAt: number;
  sudoLast: number | null;
  sudoExpiresAt: number | null;
  singleOrg: string | null;
  token: string | null;
  orgs: Record<string, unknown[]>;
}

/** Signs up; solves the bot check unless a botToken (or null for none) is given. */
export async function signUp(
  browser: Browser,
  input: {
    name?: string;
    email: string;
    password: string;
    botToken?: string | null;
    /** The legal documents accepted; the current terms and privacy policy unless given (spec 000 §7). */
    legal?: { document: string; version: string }[] | null;
  },
): Promise<GqlResult<{ signUp: { user: UserData; session: SessionData } }>> {
  const botToken = input.botToken === undefined ? await solveBotCheck(browser.baseUrl) : input.botToken;
  return browser.gql(
    `mutation ($name: String!, $email: String!, $password: String!, $botToken: String, $legal: [LegalAcceptanceInput!]) {
      signUp(name: $name, email: $email, password: $password, botToken: $botToken, legal: $legal) {
        user { ${USER_FIELDS} } session { ${SESSION_FIELDS} }
      }
    }`,
    {
      name: input.name ?? 'Dr. Test Person, DDS',
      email: input.email,
      password: input.password,
      botToken,
      legal: input.legal === undefined ? currentLegalAcceptances() : input.legal,
    },
  );
}

/** Signs in; solves the bot check unless a botToken (or null for none) is given. */
export async function signIn(
  browser: Browser,
  email: string,
  password: string,
  options: { botToken?: string | null } = {},
): Promise<GqlResult<{ signIn: { user: UserData; session: SessionData } }>> {
  const botToken = options.botToken === undefined ? await solveBotCheck(browser.baseUrl) : options.botToken;
  return browser.gql(
    `mutation ($email: String!, $password: String!, $botToken: String) {
      signIn(email: $email, password: $password, botToken: $botToken) {
        user { ${USER_FIELDS} } session { ${SESSION_FIELDS} }
      }
    }`,
    { email, password, botToken },
  );
}

export async function sessionOf(browser: Browser): Promise<SessionData | null> {
  const result = await browser.gql<{ session: SessionData | null }>(`{ session { ${SESSION_FIELDS} } }`);
  return result.data?.session ?? null;
}

export async function userOf(browser: Browser): Promise<UserData | null> {
  const result = await browser.gql<{ user: UserData | null }>(`{ user { ${USER_FIELDS} } }`);
  return result.data?.user ?? null;
}

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  subject: string;
  body: string;
}

export async function outbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The 6-digit code in the newest message to an address. */
export async function latestCode(baseUrl: string, to: string): Promise<string> {
  const messages = await outbox(baseUrl, to);
  const last = messages.at(-1);
  const code = last ? /\b(\d{6})\b/.exec(last.body)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Signs up and completes email MFA: a fully authenticated browser. */
export async function fullyAuthenticated(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ browser: Browser; user: UserData }> {
  const browser = new Browser(baseUrl);
  const up = await signUp(browser, { email, password });
  if (!up.data) throw new Error(`sign-up failed: ${up.code}`);
  await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: email });
  const code = await latestCode(baseUrl, email);
  const verified = await browser.gql<{ verifyMfaCode: { user: UserData } }>(
    `mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { ${USER_FIELDS} } } }`,
    { to: email, code },
  );
  if (!verified.data) throw new Error(`MFA failed: ${verified.code}`);
  return { browser, user: verified.data.verifyMfaCode.user };
}
