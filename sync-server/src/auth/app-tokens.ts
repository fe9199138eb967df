import { createHash, createPublicKey, randomBytes, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';
import { scopesAllow, type ScopeMode } from '@vigil/shared';
import type { Caller, CallOrigin } from '../access/caller.js';
import type { AppRecord, AppStore } from '../store/apps/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { AuditLog, RequestMeta } from './audit.js';
import { RemoteJwks } from './remote-jwks.js';

/*
 * OAuth 2 client credentials for installed apps (issue 42; SMART Backend Services with the
 * client secret: RFC 6749 §4.4, client_secret_basic or client_secret_post). The token endpoint of
 * an organisation (`/api/oauth/{orgId}/token`) gives an app installed there a bearer token for
 * that organisation and the app's scopes (or those it asks for among them); the FHIR API turns
 * the token back into a Caller (appCaller) that the one authorization and the FHIR audit treat as
 * any other. Tokens are kept as SHA-256 hashes, live 5 minutes (SMART's advice), and die with the
 * installation. Issuing, and every refused client, is recorded on the account trail like a
 * sign-in (auth/ records its own security events).
 */

/** SHA-256 hex of a secret or token (kept instead of it: both are 32 random bytes, no stretching needed). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random credential: `{prefix}_` and 32 bytes as base64url. */
export function newCredential(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** A token's lifetime (SMART Backend Services: no longer than five minutes). */
export const APP_TOKEN_TTL_MS = 5 * 60 * 1000;

/** The token request's form fields and Basic credentials. */
export interface TokenRequest {
  grantType: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scope: string | null;
  /** SMART Backend Services: `urn:ietf:params:oauth:client-assertion-type:jwt-bearer` and the signed JWT. */
  clientAssertionType: string | null;
  clientAssertion: string | null;
  /** The token endpoint's address as the client called it: an assertion's `aud`. */
  tokenUrl: string;
}

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion may be valid for at most this long (SMART Backend Services: exp no more than 5 minutes ahead). */
const ASSERTION_MAX_MS = 5 * 60 * 1000;

/** The signature algorithms SMART Backend Services asks servers to support. */
const ALGORITHMS: Record<string, { hash: string; kty: string; dsaEncoding?: 'ieee-p1363' }> = {
  RS384: { hash: 'sha384', kty: 'RSA' },
  ES384: { hash: 'sha384', kty: 'EC', dsaEncoding: 'ieee-p1363' },
};
/** Their names, as the SMART configuration lists them. */
export const ASSERTION_ALGORITHMS = Object.keys(ALGORITHMS);

const part = (text: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * A SMART Backend Services client assertion (RFC 7523, private_key_jwt), checked with node:crypto:
 * RS384 or ES384, signed by a key of the app's JWK Set named by its kid; iss and sub the client id;
 * aud the token endpoint; exp in the future and at most 5 minutes ahead; a jti. Answers the
 * claims, or the reason it is refused.
 */
export function readAssertion(
  jwt: string,
  app: Pick<AppRecord, 'clientId' | 'jwks'>,
  tokenUrl: string,
  now: number,
): { jti: string; exp: number } | { refused: string } {
  const pieces = jwt.split('.');
  if (pieces.length !== 3) return { refused: 'The assertion is not a JWT.' };
  const [h, p, sig] = pieces as [string, string, string];
  const header = part(h);
  const claims = part(p);
  if (!header || !claims) return { refused: 'The assertion is not a JWT.' };
  const alg = ALGORITHMS[String(header.alg)];
  if (!alg) return { refused: 'The assertion is signed with an algorithm other than RS384 or ES384.' };
  const keys = app.jwks ? (JSON.parse(app.jwks) as { keys: (JsonWebKey & { kid?: string })[] }).keys : [];
  const jwk = keys.find((k) => k.kid === header.kid && k.kty === alg.kty);
  if (!jwk) return { refused: 'No key of the app matches the assertion.' };
  let ok: boolean;
  try {
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    ok = verify(
      alg.hash,
      Buffer.from(`${h}.${p}`),
      alg.dsaEncoding ? { key, dsaEncoding: alg.dsaEncoding } : key,
      Buffer.from(sig, 'base64url'),
    );
  } catch {
    ok = false;
  }
  if (!ok) return { refused: 'The assertion’s signature does not verify.' };
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== app.clientId || claims.sub !== app.clientId)
    return { refused: 'iss and sub must be the client id.' };
  if (!aud.includes(tokenUrl)) return { refused: 'aud must be the token endpoint.' };
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : NaN;
  if (!(exp > now) || exp > now + ASSERTION_MAX_MS) return { refused: 'exp must be in the next 5 minutes.' };
  if (typeof claims.jti !== 'string' || claims.jti.length === 0 || claims.jti.length > 200) {
    return { refused: 'The assertion needs a jti.' };
  }
  return { jti: claims.jti, exp };
}

/** RFC 6749 §5.1 and §5.2: the success body, or the error and its status. */
export type TokenAnswer =
  | { status: 200; body: { access_token: string; token_type: 'bearer'; expires_in: number; scope: string } }
  | { status: 400 | 401; body: { error: string; error_description?: string } };

export interface AppTokenDeps {
  store: AppStore;
  orgs: Pick<OrgStore, 'org'>;
  audit: Pick<AuditLog, 'record'>;
  now: () => number;
  /** JWK Set addresses on this machine or a private network, and plain http, allowed (development and tests). */
  localKeys?: boolean;
}

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class AppTokens {
  /** The JWK Sets of apps that publish theirs at an address (jwks_uri), fetched and cached. */
  private readonly remoteKeys: RemoteJwks;

  constructor(private readonly deps: AppTokenDeps) {
    this.remoteKeys = new RemoteJwks({ now: deps.now, ...(deps.localKeys ? { localKeys: true } : {}) });
  }

  /** The token endpoint of an organisation. */
  async issue(orgId: string, request: TokenRequest, meta: RequestMeta): Promise<TokenAnswer> {
    const { store, now } = this.deps;
    const at = now();
    const refuse = async (status: 400 | 401, error: string, reason: string): Promise<TokenAnswer> => {
      await this.deps.audit.record(at, meta, {
        action: 'appTokenIssued',
        outcome: 'failure',
        detail: { orgId, clientId: request.clientId, reason },
      });
      return { status, body: { error, error_description: reason } };
    };
    if (request.grantType !== 'client_credentials') {
      return refuse(400, 'unsupported_grant_type', 'Only client_credentials is supported.');
    }
    let app: AppRecord | null;
    if (request.clientAssertionType !== null || request.clientAssertion !== null) {
      // SMART Backend Services: the client is the assertion's iss, authenticated by its signature.
      if (request.clientAssertionType !== JWT_BEARER || !request.clientAssertion) {
        return refuse(400, 'invalid_request', 'client_assertion_type must be jwt-bearer, with a client_assertion.');
      }
      const iss = part(request.clientAssertion.split('.')[1] ?? '')?.iss;
      app = typeof iss === 'string' ? await store.appByClientId(iss) : null;
      if (!app) return refuse(401, 'invalid_client', 'Unknown client.');
      let keys: Pick<AppRecord, 'clientId' | 'jwks'> = app;
      if (app.jwksUrl) {
        const kid = part(request.clientAssertion.split('.')[0] ?? '')?.kid;
        const jwks = await this.remoteKeys.keySet(app.jwksUrl, typeof kid === 'string' ? kid : null);
        if (jwks === null) return refuse(401, 'invalid_client', 'The app’s JWK Set could not be fetched.');
        keys = { clientId: app.clientId, jwks };
      }
      const read = readAssertion(request.clientAssertion, keys, request.tokenUrl, at);
      if ('refused' in read) return refuse(401, 'invalid_client', read.refused);
      if (!(await store.claimAssertion(app.clientId, read.jti, read.exp, at))) {
        return refuse(401, 'invalid_client', 'The assertion was used before.');
      }
    } else {
      app = request.clientId ? await store.appByClientId(request.clientId) : null;
      if (!app || !request.clientSecret || !sameHash(app.secretHash, sha256Hex(request.clientSecret))) {
        return refuse(401, 'invalid_client', 'Unknown client or wrong secret.');
      }
    }
    const installation = (await store.installations(orgId)).find((i) => i.appId === app.id);
    if (!installation) return refuse(401, 'invalid_client', 'The app is not installed in this organization.');
    const asked = request.scope?.trim() ? [...new Set(request.scope.trim().split(/\s+/))] : app.scopes;
    if (asked.some((s) => !app.scopes.includes(s))) {
      return refuse(400, 'invalid_scope', 'A scope asked for is not granted to the app.');
    }
    const token = newCredential('vat');
    await store.putToken({
      hash: sha256Hex(token),
      installationId: installation.id,
      orgId,
      scopes: asked,
      expiresAt: at + APP_TOKEN_TTL_MS,
    });
    await this.deps.audit.record(at, meta, {
      action: 'appTokenIssued',
      outcome: 'success',
      userId: `app:${installation.id}`,
      detail: { orgId, appId: app.id, installationId: installation.id, scopes: asked },
    });
    return {
      status: 200,
      body: { access_token: token, token_type: 'bearer', expires_in: APP_TOKEN_TTL_MS / 1000, scope: asked.join(' ') },
    };
  }

  /**
   * The Caller of a bearer token, or null (unknown, expired, or its app uninstalled): the
   * installation as a member of its one organisation, with no role, multi-factor valid (the
   * client authenticated with its secret), and the token's scopes.
   */
  async caller(token: string, from: CallOrigin): Promise<Caller | null> {
    const found = await this.deps.store.token(sha256Hex(token));
    if (!found || found.expiresAt <= this.deps.now()) return null;
    const installation = await this.deps.store.installation(found.installationId);
    const app = installation ? await this.deps.store.app(installation.appId) : null;
    const org = await this.deps.orgs.org(found.orgId);
    // The internal organisation's memberships mean more than membership (isInternalMember): no app acts there.
    if (!installation || !app || !org || org.type === 'vigil') return null;
    return {
      sessionId: null,
      // An app is never asked for sudo (access/caller.ts NO_SUDO, not imported: access imports auth).
      freshSudo: () => Promise.resolve(false),
      ip: from.ip,
      userAgent: from.userAgent,
      origin: from.origin ?? '',
      transport: from.transport,
      user: { id: `app:${installation.id}`, name: app.name, email: '', emailVerified: false },
      subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: org.id, type: org.type, roles: [] }] },
      singleOrg: org.id,
      app: { appId: app.id, installationId: installation.id, scopes: found.scopes },
    };
  }
}

/** [APP2] Whether a caller's scopes allow a mode on a resource type: always for a user (their roles decide). */
export function appScopeAllows(caller: Caller, type: string, mode: ScopeMode): boolean {
  return !caller.app || scopesAllow(caller.app.scopes, type, mode);
}
