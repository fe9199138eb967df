import type { Caller } from '../access/caller.js';
import type { Accounts, Current } from '../auth/accounts.js';
import type { RequestMeta } from '../auth/audit.js';
import type { Environment } from '../config.js';
import type { Services } from '../services.js';

/** What every resolver receives: the request's facts, its session (looked up once) and a way to set cookies. */
export interface GraphqlContext {
  environment: Environment;
  now: () => number;
  accounts: Accounts;
  /** The server's services, built once (services.ts): resolvers call these, never the database. */
  services: Services;
  meta: RequestMeta;
  /** The origin links in mail point at. */
  origin: string;
  /** The raw token the request presented (cookie), if any. */
  token: string | null;
  /** The live session and user of this request, or null. */
  current: () => Promise<Current | null>;
  /** Who calls (issue 36 item 1): built once per operation from the session, handed to every service. */
  caller: () => Promise<Caller>;
  /** Replaces the session token cookie (and the identity cookie) on the response. */
  setSessionCookies: (token: string, userId: string) => void;
  clearSessionCookies: () => void;
}

/** A resolver of the server's schema (accounts, organisations, reports). */
export type Resolver<R> = (parent: unknown, args: Record<string, unknown>, ctx: GraphqlContext) => R;
/** What every resolver is called with (errors.ts answeringAppErrors wraps resolvers of these arguments). */
export type ResolverArgs = Parameters<Resolver<unknown>>;

/** Per-request facts handed to yoga by the route, from which the context is built. */
export interface ServerContext {
  ip: string | null;
  userAgent: string | null;
  secure: boolean;
  origin: string;
  cookieHeader: string | null;
  setCookies: string[];
}
