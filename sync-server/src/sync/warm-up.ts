import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WebSocket } from 'ws';
import { callerOfSession, type AccountsForCallers, type CallOrigin } from '../access/caller.js';
import { refusalOf, type OrgAccess } from '../access/index.js';
import type { Current } from '../auth/account-base.js';
import type { Logger } from '../log.js';
import type { IdOwnership } from '../store/resources/id-ownership.js';
import type { ResourceStore } from '../store/resources/types.js';
import { POOL_KEPT_OPEN } from '../store/select.js';
import type { SyncStore } from '../store/sync/types.js';
import { syncReadAuditor } from './read-audit.js';
import type { RoomAddress } from './protocol.js';

/** What the warm-up runs through: the parts an upgrade uses (services-rooms.ts). */
export interface WarmUpParts {
  accounts: AccountsForCallers;
  access: Pick<OrgAccess, 'authorize'>;
  ids: Pick<IdOwnership, 'belongsElsewhere'>;
  resources: ResourceStore;
  sync: Pick<SyncStore, 'load'>;
  now: () => number;
  log: Logger;
}

/** An address no organisation has (ids are `org-`/`cmp-` and a random part): every read finds nothing. */
const NOBODYS: RoomAddress = { orgId: 'org-warm-up', docId: 'cmp-warm-up', name: 'org-warm-up/cmp-warm-up' };
const NOBODY = 'usr-warm-up';
const FROM: CallOrigin = { ip: null, userAgent: null, transport: 'socket' };
/** How long the refused upgrade may take before the warm-up goes on without it. */
const REFUSAL_TIMEOUT_MS = 5_000;

class RolledBack extends Error {}

/**
 * One full collection of what start-up left, so that it does not fall on the first loads. Node has
 * no API for it without --expose-gc, which the README's commands do not pass: the flag is set now and
 * a new context's `gc` called, as Jest does for --logHeapUsage.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** A signed-in session of a user no one has, with that user: every read of them finds nothing. */
function nobody(now: number): Current {
  return {
    user: {
      ...{ id: NOBODY, name: 'warm-up', email: 'warm-up@invalid', email_verified: 0, password_hash: null },
      ...{ referred_by: null, emr_email: null, created_at: now, updated_at: now },
    },
    session: {
      ...{ id: 'ses-warm-up', user_id: NOBODY, token_hash: '', created_at: now, renewed_at: now, expires_at: now },
      ...{ multi_factor_last: null, multi_factor_exp: null, sudo_last: null, sudo_expires_at: null, ended_at: null },
      single_org: null,
    },
  };
}

/** An upgrade with a token no session has, over a real socket to this server: its close code (4401, refused). */
function refusedUpgrade(url: string): Promise<number | null> {
  const token = randomBytes(32).toString('base64url');
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/sync/${NOBODYS.name}?token=${token}`);
  return new Promise((resolve) => {
    const timer = setTimeout(() => ws.terminate(), REFUSAL_TIMEOUT_MS);
    ws.on('error', () => undefined);
    ws.on('close', (code: number) => {
      clearTimeout(timer);
      resolve(code === 1006 ? null : code);
    });
  });
}

/**
 * Runs what a tablet's first sync runs, once, before the server says it listens (issue 43). After a
 * deploy or a crash every tablet of every office reconnects at once, and the first of them paid for
 * compiling the upgrade's code and preparing its statements: 9–25 ms more than the loads after them
 * (docs/benchmarks.md, the cold load). Here an upgrade with an unknown token is refused over a real
 * socket to this server; what an admitted one reads is read for a user and a document no one has
 * (memberships, sudo's MFA options, the organisation's parents, the id's owner, the document's kind
 * and stored state); and the read audit's AuditEvent is written in a transaction that is rolled
 * back. Nothing is kept. A failure is logged and the server starts all the same.
 */
export async function warmUp(parts: WarmUpParts, url: string): Promise<void> {
  const started = performance.now();
  let refusals: (number | null)[];
  try {
    // Side by side, so over PostgreSQL each connection the pool keeps open runs them once.
    refusals = await Promise.all(Array.from({ length: POOL_KEPT_OPEN }, () => firstSync(parts, url)));
  } catch (err) {
    parts.log.warn({ err }, 'warm-up failed; starting all the same');
    return;
  }
  collectGarbage();
  parts.log.info({ ms: Math.round(performance.now() - started), refusal: refusals[0] }, 'warmed up');
}

/** One first sync for no one (see warmUp); the refused upgrade's close code. */
async function firstSync(parts: WarmUpParts, url: string): Promise<number | null> {
  const refusal = await refusedUpgrade(url);
  // The caller as an admitted upgrade builds it (its memberships read beside its user), the user given.
  const someone = nobody(parts.now());
  const caller = await callerOfSession(parts.accounts, someone.session, FROM, () => Promise.resolve(someone));
  await Promise.all([
    refusalOf(parts.access.authorize(caller, NOBODYS.orgId, 'member')),
    parts.ids.belongsElsewhere(NOBODYS.orgId, NOBODYS.docId),
    parts.resources.read(NOBODYS.orgId, 'Composition', NOBODYS.docId),
    parts.sync.load(NOBODYS.name),
  ]);
  const audit = syncReadAuditor({ store: parts.resources, now: parts.now });
  await parts.resources
    .transaction(async () => {
      await audit({ address: NOBODYS, userId: NOBODY, ip: null });
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return refusal;
}
