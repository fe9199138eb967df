import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '../integration/accounts-client.js';

/**
 * An EMR for the tests of issue 42 (the integration tests and the e2e specs share it): a small
 * SMART on FHIR server answering real FHIR R4 JSON. Each tenant (`/{tenant}/fhir`, the `iss` of
 * one office's EMR connection: an EMR is connected to one office only) has
 * - `.well-known/smart-configuration`;
 * - `/{tenant}/auth`, the EHR launch's authorize endpoint: it approves at once, after checking the
 *   launch id, the audience and that PKCE (S256) is used, and sends the browser back with a code;
 * - `/{tenant}/token` (client_secret_basic): the authorization code (its PKCE verifier and
 *   redirect URI checked) with the launch's context, or client credentials (the write-back);
 * - the reads `/{tenant}/fhir/{Type}/{id}` of what is in `resources`, with the tenant's token;
 * - the transaction endpoint (`POST /{tenant}/fhir`), keeping each Bundle in `received`; a
 *   tenant in `failNext` answers 500 once.
 * Beside it, what the tests ask Vigil about the EMR: `connect` (an office's EMR connection) and
 * `emrWriteBacks` (the write-backs listed on the integrations screen).
 */

/** The EHR launch the EMR starts: its id, and the context and user its token answer names. */
export interface FakeLaunch {
  id: string;
  patient: string;
  encounter: string;
  /** The launching user, e.g. `Practitioner/dr-1` (put the resource, with its email, in `resources`). */
  fhirUser: string;
}

export interface FakeEmrOptions {
  clientId: string;
  clientSecret: string;
  launch?: FakeLaunch;
}

export interface TransactionEntry {
  resource: Record<string, unknown> & { resourceType: string };
  request: { method: string; url: string; ifNoneExist?: string };
}

export interface ReceivedTransaction {
  tenant: string;
  authorization: string | undefined;
  bundle: { resourceType: string; type: string; entry: TransactionEntry[] };
}

/** A request the EMR answered: its tenant, its path below the tenant and the authorization it carried. */
export interface EmrRequest {
  tenant: string;
  method: string;
  path: string;
  authorization: string | undefined;
}

/** A write-back as emrWriteBacks lists it. */
export interface WriteBackRow {
  compositionId: string;
  event: string;
  status: string;
  attempts: number;
  lastError: string | null;
  written: string[];
}

/** The office's write-backs, newest first (an error fails the test). */
export async function emrWriteBacks(browser: Browser, orgId: string): Promise<WriteBackRow[]> {
  const r = await browser.gql<{ emrWriteBacks: WriteBackRow[] }>(
    'query ($o: String!) { emrWriteBacks(orgId: $o) { compositionId event status attempts lastError written } }',
    { o: orgId },
  );
  if (!r.data) throw new Error(`emrWriteBacks failed: ${r.code}`);
  return r.data.emrWriteBacks;
}

interface Grant {
  tenant: string;
  challenge: string;
  redirectUri: string;
}

const LAUNCH_SCOPE = 'launch openid fhirUser patient/Patient.rs patient/Encounter.rs';

const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export class FakeEmr {
  /** Every request, in order. */
  readonly asked: EmrRequest[] = [];
  /** Every transaction Bundle posted (a refused one too). */
  readonly received: ReceivedTransaction[] = [];
  /** Each token granted: `{grant_type} {scope}`. */
  readonly tokenGrants: string[] = [];
  /** Tenants whose next transaction answers 500. */
  readonly failNext = new Set<string>();
  /** What the FHIR reads answer, by `{Type}/{id}`. */
  readonly resources = new Map<string, Record<string, unknown>>();
  private readonly codes = new Map<string, Grant>();
  /** The port it listens on, or last listened on (its address while it is down). */
  private port = 0;
  private readonly server: Server;

  constructor(private readonly options: FakeEmrOptions) {
    this.server = createServer((req, res) => {
      this.answer(req, res).catch(() => res.writeHead(500).end());
    });
  }

  /** Listens on 127.0.0.1 (on `port` again after a close, for an EMR that comes back); answers the port. */
  listen(port = 0): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve(this.port);
      }),
    );
  }

  get listening(): boolean {
    return this.server.listening;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The tenant's FHIR base: the `iss` of an EMR connection. */
  iss(tenant: string): string {
    return `${this.origin}/${tenant}/fhir`;
  }

  /** The access token the tenant grants. */
  token(tenant: string): string {
    return `emr-token-${tenant}`;
  }

  /** Connects the office to the tenant as its EMR, as the office admin `browser`; answers the error code, if any. */
  async connect(browser: Browser, orgId: string, tenant: string): Promise<string | undefined> {
    const r = await browser.gql(
      'mutation ($o: String!, $i: String!, $c: String!, $s: String) { setEmrConnection(orgId: $o, iss: $i, clientId: $c, clientSecret: $s) { iss } }',
      { o: orgId, i: this.iss(tenant), c: this.options.clientId, s: this.options.clientSecret },
    );
    return r.code;
  }

  /**
   * The launch's patient, encounter and user as the EMR's reads answer them: the patient's
   * demographics, the encounter's period, and the email of the user (a Vigil member) who launches.
   */
  setLaunchContext(context: {
    patient: Record<string, unknown>;
    period: { start: string; end: string };
    userEmail: string;
  }): void {
    const launch = this.options.launch;
    if (!launch) throw new Error('the fake EMR has no launch');
    this.resources.set(`Patient/${launch.patient}`, {
      resourceType: 'Patient',
      id: launch.patient,
      ...context.patient,
    });
    this.resources.set(`Encounter/${launch.encounter}`, {
      resourceType: 'Encounter',
      id: launch.encounter,
      status: 'planned',
      class: { code: 'AMB' },
      period: context.period,
    });
    const [type, id] = launch.fhirUser.split('/');
    this.resources.set(launch.fhirUser, {
      resourceType: type,
      id,
      telecom: [{ system: 'email', value: context.userEmail }],
    });
  }

  /** Goes down at once: nothing listens any more (the open keep-alive connections are closed too). */
  close(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const [, tenant = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const authorization = req.headers.authorization;
    this.asked.push({ tenant, method: req.method ?? 'GET', path, authorization });
    const json = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/fhir+json' }).end(JSON.stringify(value));
    };
    if (path === '/fhir/.well-known/smart-configuration') {
      return json(200, {
        authorization_endpoint: `${this.origin}/${tenant}/auth`,
        token_endpoint: `${this.origin}/${tenant}/token`,
        code_challenge_methods_supported: ['S256'],
        capabilities: ['launch-ehr', 'client-confidential-symmetric', 'context-ehr-patient', 'sso-openid-connect'],
      });
    }
    if (path === '/auth') return this.authorize(tenant, url.searchParams, res, json);
    if (path === '/token' && req.method === 'POST') {
      return json(...this.grant(tenant, authorization, new URLSearchParams(await bodyOf(req))));
    }
    if (authorization !== `Bearer ${this.token(tenant)}`) return json(401, { error: 'invalid_token' });
    if (path === '/fhir' && req.method === 'POST') {
      const bundle = JSON.parse(await bodyOf(req)) as ReceivedTransaction['bundle'];
      if (bundle.resourceType !== 'Bundle' || bundle.type !== 'transaction') return json(400, {});
      this.received.push({ tenant, authorization, bundle });
      if (this.failNext.delete(tenant)) return json(500, { resourceType: 'OperationOutcome', issue: [] });
      return json(200, {
        resourceType: 'Bundle',
        type: 'transaction-response',
        entry: bundle.entry.map((e, i) => ({
          response: { status: '201 Created', location: `${e.resource.resourceType}/${tenant}-${i}/_history/1` },
        })),
      });
    }
    const resource = req.method === 'GET' ? this.resources.get(path.replace(/^\/fhir\//, '')) : undefined;
    if (resource) return json(200, resource);
    return json(404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
  }

  /** The EHR launch's authorize: approved at once, for the launch it started, with PKCE. */
  private authorize(
    tenant: string,
    p: URLSearchParams,
    res: ServerResponse,
    json: (status: number, value: unknown) => void,
  ): void {
    const launch = this.options.launch;
    if (
      !launch ||
      p.get('launch') !== launch.id ||
      p.get('client_id') !== this.options.clientId ||
      p.get('code_challenge_method') !== 'S256' ||
      !p.get('code_challenge') ||
      p.get('aud') !== this.iss(tenant)
    ) {
      return json(400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('base64url');
    this.codes.set(code, { tenant, challenge: p.get('code_challenge')!, redirectUri: p.get('redirect_uri') ?? '' });
    const back = new URL(p.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** The token endpoint: [status, answer]. */
  private grant(tenant: string, authorization: string | undefined, form: URLSearchParams): [number, unknown] {
    const { clientId, clientSecret, launch } = this.options;
    if (authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`)
      return [401, { error: 'invalid_client' }];
    const token = { access_token: this.token(tenant), token_type: 'Bearer', expires_in: 3600 };
    if (form.get('grant_type') === 'client_credentials') {
      this.tokenGrants.push(`client_credentials ${form.get('scope')}`);
      return [200, token];
    }
    const code = form.get('code') ?? '';
    const granted = this.codes.get(code);
    this.codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !launch ||
      !granted ||
      granted.tenant !== tenant ||
      granted.redirectUri !== form.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== granted.challenge
    ) {
      return [400, { error: 'invalid_grant' }];
    }
    this.tokenGrants.push(`authorization_code ${LAUNCH_SCOPE}`);
    const iss = this.iss(tenant);
    return [
      200,
      {
        ...token,
        scope: LAUNCH_SCOPE,
        patient: launch.patient,
        encounter: launch.encounter,
        id_token: `${b64url({ alg: 'RS256' })}.${b64url({ iss, sub: launch.fhirUser, fhirUser: launch.fhirUser })}.sig`,
      },
    ];
  }
}
