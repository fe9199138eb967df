import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  HOUR,
  MINUTE,
  SECOND,
  type BridgeMonitorView,
  type BridgePairingCodeView,
  type BridgeReadingView,
  type BridgeView,
  type BridgeWaveformView,
  type CapturedWaveView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type AuditTrail, type Recorded } from '../access/audited.js';
import type { Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import type { AuditLog } from '../auth/audit.js';
import { parseInput } from '../input.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { AppError, refuse } from '../errors.js';
import type { Logger } from '../log.js';
import { orgFor } from '../orgs/authorize.js';
import type { BridgeRow, BridgeStore, MonitorAssignment } from '../store/bridges/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { DocumentRooms } from '../sync/documents.js';
import { caseAddress, deliverReadings, type Delivery, type DeliveryAnswer } from './delivery.js';
import type { Entitlements } from '../access/entitlements.js';
import { readingViews, RecentReadings, type BridgeMemoryRelay } from './memory.js';
import { BridgeWaves, captureArgs, recentArgs, type WaveformDelivery } from './waves.js';

/*
 * The Vigil Bridge's server side (issue 38; docs/decisions.md, session 28). An administrator
 * creates a one-time pairing code for a location of the office; the bridge trades it for a device
 * credential scoped to that organisation and location (kept as a hash, revocable); the bridge
 * then delivers its monitors' readings, which are charted into the case a provider picked for a
 * monitor, through the one case-document command (chart.ts) in the rooms' server write.
 */

/** How long a pairing code may be used. */
export const PAIRING_CODE_TTL_MS = 10 * MINUTE;
/**
 * Wrong pairing codes allowed from one client address in the window before TOO_MANY_REQUESTS
 * (issue 38 follow-up; counted by the one rate limiter, as sign-in's). A person typing a code off
 * the screen mistypes a few times; a script guessing is stopped after this many.
 */
export const BRIDGE_PAIRING_LIMITS = { failuresPerIp: 10, windowMs: HOUR } as const;
/** The code's letters: no 0/O, 1/I/L, so it can be read off a screen and typed on the bridge's computer. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** The charting intervals a provider may pick (the case screen's "Chart a reading every"). */
export const BRIDGE_CHART_INTERVALS_MS = [5 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE] as const;
export const DEFAULT_BRIDGE_CHART_INTERVAL_MS = 15 * SECOND;
/** The credential's prefix: `vgb_{bridgeId}_{secret}`. */
const TOKEN_PREFIX = 'vgb_';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A code as typed: letters and digits only, upper-case (a dash or space between the halves is fine). */
export function normalizePairingCode(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const text = (max: number) => z.string().trim().min(1).max(max);
const monitorKey = z.string().min(1).max(200);

/** A paired bridge's credential, answered once. */
export interface PairingAnswer {
  bridgeId: string;
  token: string;
  orgId: string;
  location: string;
}

export interface BridgeDeps {
  store: BridgeStore;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  rooms: Pick<DocumentRooms, 'seal' | 'snapshot'>;
  /** Where the pairing (done by the bridge, not a signed-in user) is recorded. */
  trail: AuditTrail;
  /** The one rate limiter and the audit trail it counts from (the pairing limit). */
  limiter: Pick<RateLimiter, 'reserve'>;
  audit: Pick<AuditLog, 'record'>;
  now: () => number;
  log: Logger;
  /** The plan's waveform capture, for an ECG strip (MON22). */
  entitlements?: Pick<Entitlements, 'planHas'>;
  /** The other instances' deliveries, for the screens' memory (memory.ts); absent for one instance. */
  relay?: BridgeMemoryRelay;
}

const argsSchema = {
  createCode: z.object({ location: text(100) }),
  revoke: z.object({ bridgeId: z.string().min(1).max(100) }),
  assign: z.object({
    caseId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/),
    bridgeId: z.string().min(1).max(100),
    monitorKey,
    intervalMs: z
      .number()
      .int()
      .refine((ms) => (BRIDGE_CHART_INTERVALS_MS as readonly number[]).includes(ms))
      .nullish(),
  }),
  unassign: z.object({ bridgeId: z.string().min(1).max(100), monitorKey }),
  recent: z.object({ bridgeId: z.string().min(1).max(100), monitorKey }),
};

export class BridgeService {
  /** One delivery of a bridge at a time, so its readings are charted in order and each once. */
  private readonly deliveries = new Map<string, Promise<unknown>>();
  /** Each monitor's latest readings and newest waveform samples: memory, shared by relay between instances (memory.ts). */
  private readonly recent = new RecentReadings();
  private readonly waves: BridgeWaves;

  constructor(private readonly deps: BridgeDeps) {
    this.waves = new BridgeWaves(deps);
    deps.relay?.hear((m) =>
      m.kind === 'readings'
        ? this.recent.keep(m.bridgeId, m.readings)
        : this.waves.keepRelayed(m.bridgeId, m.at, m.waveforms),
    );
  }

  // ---- The organisation's screens (GraphQL) ----

  /** createBridgePairingCode(orgId, location): whoever administers the office; audited; the code is shown once. */
  async createPairingCode(caller: Caller, args: Record<string, unknown>): Promise<Recorded<BridgePairingCodeView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const { location } = parseInput(argsSchema.createCode, args);
    const code = newPairingCode();
    const createdAt = this.deps.now();
    const expiresAt = createdAt + PAIRING_CODE_TTL_MS;
    await this.deps.store.addPairingCode({
      codeHash: sha256(normalizePairingCode(code)),
      ...{ orgId: org.id, location, createdBy: who.user.id, createdAt, expiresAt },
    });
    return recorded(
      { code, location, expiresAt },
      { trail: 'organisation', action: 'bridgePairingCodeCreated', detail: { orgId: org.id, location, expiresAt } },
    );
  }

  /** bridges(orgId): the office's bridges with their monitors; its members read them (to pick a monitor). */
  async list(caller: Caller, args: Record<string, unknown>): Promise<BridgeView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const bridges = await this.deps.store.list(org.id);
    return this.views(bridges);
  }

  /** revokeBridge(orgId, bridgeId): refused at once afterwards; whoever administers the office; audited. */
  async revoke(caller: Caller, args: Record<string, unknown>): Promise<Recorded<BridgeView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const { bridgeId } = parseInput(argsSchema.revoke, args);
    const done = await this.deps.store.revoke(org.id, bridgeId, who.user.id, this.deps.now());
    const row = await this.deps.store.bridge(bridgeId);
    if (!row || row.orgId !== org.id) refuse('NOT_FOUND');
    if (!done) throw new AppError(409, 'BRIDGE_REVOKED', 'The bridge was revoked already.');
    const [view] = await this.views([row]);
    return recorded(view!, {
      trail: 'organisation',
      action: 'bridgeRevoked',
      detail: { orgId: org.id, bridgeId, name: row.name, location: row.location },
    });
  }

  /**
   * chartBridgeMonitor(orgId, caseId, bridgeId, monitorKey, intervalMs): a member of the office
   * (the provider on the case screen) has a bridge monitor chart into a case of the office, from
   * now on, at the interval picked (15 s when not given). The case must be open on a device and
   * not final.
   */
  async assign(caller: Caller, args: Record<string, unknown>): Promise<BridgeMonitorView> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parseInput(argsSchema.assign, args);
    const bridge = await this.deps.store.bridge(input.bridgeId);
    if (!bridge || bridge.orgId !== org.id) refuse('NOT_FOUND');
    if (bridge.revokedAt !== null) throw new AppError(409, 'BRIDGE_REVOKED', 'The bridge was revoked.');
    const monitor = (await this.deps.store.monitors([bridge.id])).find((m) => m.key === input.monitorKey);
    if (!monitor) refuse('NOT_FOUND');
    const snapshot = await this.deps.rooms.snapshot(caseAddress(org.id, input.caseId));
    if (snapshot.finalized) throw new AppError(409, 'FINALIZED', 'The case is finalized.');
    const content = snapshot.content as Record<string, unknown> | null;
    if (!content || !Array.isArray(content.vitalsReadings)) {
      throw new AppError(409, 'CASE_NOT_OPENED', 'The case has not been opened on a device yet.');
    }
    const assignment: MonitorAssignment = {
      ...{ bridgeId: bridge.id, monitorKey: monitor.key, orgId: org.id, caseId: input.caseId },
      intervalMs: input.intervalMs ?? DEFAULT_BRIDGE_CHART_INTERVAL_MS,
      ...{ assignedBy: who.user.id, assignedAt: this.deps.now(), lastChartedAt: null },
    };
    await this.deps.store.assign(assignment);
    return monitorView(monitor, assignment);
  }

  /** stopBridgeMonitor(orgId, bridgeId, monitorKey): the monitor stops charting; a member of the office. */
  async unassign(caller: Caller, args: Record<string, unknown>): Promise<boolean> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parseInput(argsSchema.unassign, args);
    const bridge = await this.deps.store.bridge(input.bridgeId);
    if (!bridge || bridge.orgId !== org.id) refuse('NOT_FOUND');
    return this.deps.store.unassign(bridge.id, input.monitorKey);
  }

  /**
   * bridgeMonitorReadings(orgId, bridgeId, monitorKey): a monitor's latest readings (at most
   * RECENT_READINGS_KEPT, newest last) as the deployment's instances received them, for the test
   * page; a member of the office. Nothing is stored: empty after a restart until the bridge sends again.
   */
  async recentReadings(caller: Caller, args: Record<string, unknown>): Promise<BridgeReadingView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parseInput(argsSchema.recent, args);
    const bridge = await this.deps.store.bridge(input.bridgeId);
    if (!bridge || bridge.orgId !== org.id) refuse('NOT_FOUND');
    return this.recent.of(bridge.id, input.monitorKey);
  }

  /**
   * bridgeMonitorWaveforms(orgId, bridgeId, monitorKey, type): a monitor's waveform samples of
   * the last 20 s (of one type when given), oldest first, as the instances received them; a
   * member of the office (the case screen draws them and captures from them).
   */
  async recentWaveforms(caller: Caller, args: Record<string, unknown>): Promise<BridgeWaveformView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parseInput(recentArgs, args);
    const bridge = await this.deps.store.bridge(input.bridgeId);
    if (!bridge || bridge.orgId !== org.id) refuse('NOT_FOUND');
    return this.waves.recent(bridge.id, input.monitorKey, input.type);
  }

  /**
   * captureBridgeWaveform(orgId, caseId, bridgeId, monitorKey, type, notes): a strip of the
   * monitor's newest 18 s into the case's waves; a member of the office; an ECG lead only on a
   * plan with waveform capture (PLAN_REQUIRED, MON22).
   */
  async captureWaveform(caller: Caller, args: Record<string, unknown>): Promise<CapturedWaveView> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parseInput(captureArgs, args);
    const bridge = await this.deps.store.bridge(input.bridgeId);
    if (!bridge || bridge.orgId !== org.id) refuse('NOT_FOUND');
    if (bridge.revokedAt !== null) throw new AppError(409, 'BRIDGE_REVOKED', 'The bridge was revoked.');
    return this.waves.capture(org.id, bridge, input);
  }

  // ---- The bridge's own calls (routes/bridge.ts) ----

  /** A bridge's waveform delivery (waves.ts): bounded, its own organisation only, kept in memory (every instance's). */
  async deliverWaveforms(bridge: BridgeRow, delivery: WaveformDelivery): Promise<{ taken: number }> {
    const taken = await this.waves.deliver(bridge, delivery);
    this.deps.relay?.publish({
      kind: 'waves',
      bridgeId: bridge.id,
      at: this.deps.now(),
      waveforms: delivery.waveforms,
    });
    return taken;
  }

  /**
   * Trades a pairing code for a credential; PAIRING_CODE_INVALID when unknown, used or expired.
   * A wrong code is recorded (`bridgePairingFailed`, by the client address) before its place is
   * given back; after BRIDGE_PAIRING_LIMITS.failuresPerIp in the window from one address every
   * attempt from it is refused TOO_MANY_REQUESTS, a right code too.
   */
  async pair(rawCode: unknown, rawName: unknown, ip: string | null): Promise<PairingAnswer> {
    const code = typeof rawCode === 'string' ? normalizePairingCode(rawCode) : '';
    const name = text(100).safeParse(rawName);
    if (!name.success) throw new AppError(400, 'INVALID_INPUT', 'The bridge needs a name.');
    const now = this.deps.now();
    const release = await this.deps.limiter.reserve(
      'bridgePairingFailed',
      now - BRIDGE_PAIRING_LIMITS.windowMs,
      ip === null ? [] : [{ by: { ip }, limit: BRIDGE_PAIRING_LIMITS.failuresPerIp }],
    );
    if (!release) refuse('TOO_MANY_REQUESTS');
    try {
      const bridgeId = `brg-${randomBytes(9).toString('base64url')}`;
      const secret = randomBytes(32).toString('base64url');
      const row =
        code.length === CODE_LENGTH
          ? await this.deps.store.pair(sha256(code), now, { id: bridgeId, name: name.data, secretHash: sha256(secret) })
          : null;
      if (!row) {
        await this.deps.audit.record(
          now,
          { ip, userAgent: null },
          { action: 'bridgePairingFailed', outcome: 'failure' },
        );
        throw new AppError(401, 'PAIRING_CODE_INVALID', 'The pairing code is unknown, used or expired.');
      }
      await this.deps.trail.record({ userId: row.pairedBy, ip }, [
        {
          trail: 'fhir',
          orgId: row.orgId,
          interaction: 'create',
          entities: [],
          description: `bridge paired: ${row.id} "${row.name}" at ${row.location}`,
        },
      ]);
      return { bridgeId, token: `${TOKEN_PREFIX}${bridgeId}_${secret}`, orgId: row.orgId, location: row.location };
    } finally {
      await release();
    }
  }

  /** The bridge of a credential (`Authorization: Bearer vgb_…`); BRIDGE_UNAUTHORIZED when unknown or revoked. */
  async authenticate(token: string | null): Promise<BridgeRow> {
    const match = token ? /^vgb_(brg-[A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/.exec(token) : null;
    const row = match ? await this.deps.store.bridge(match[1]!) : null;
    const given = Buffer.from(sha256(match?.[2] ?? ''), 'hex');
    const kept = Buffer.from(row?.secretHash ?? '0'.repeat(64), 'hex');
    if (!row || !timingSafeEqual(given, kept) || row.revokedAt !== null) {
      throw new AppError(401, 'BRIDGE_UNAUTHORIZED', 'The bridge is not paired, or was revoked.');
    }
    return row;
  }

  /**
   * A bridge's delivery: its monitors are noted (last seen, newest reading), and each reading not
   * taken before is charted when its monitor charts into a case, it is not older than the pick,
   * and it is due by the interval chosen; then its id is recorded, so a reading sent again is
   * taken and not charted twice. Readings go in the order sent.
   */
  deliver(bridge: BridgeRow, delivery: Delivery): Promise<DeliveryAnswer> {
    const seen = readingViews(delivery);
    this.recent.keep(bridge.id, seen);
    if (seen.length > 0) this.deps.relay?.publish({ kind: 'readings', bridgeId: bridge.id, readings: seen });
    const before = this.deliveries.get(bridge.id) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => deliverReadings(this.deps, bridge, delivery));
    this.deliveries.set(bridge.id, run);
    // The caller sees a failure through `run`; the clean-up must not raise it a second time.
    const done = (): void => {
      if (this.deliveries.get(bridge.id) === run) this.deliveries.delete(bridge.id);
    };
    run.then(done, done);
    return run;
  }

  private async views(bridges: readonly BridgeRow[]): Promise<BridgeView[]> {
    const monitors = await this.deps.store.monitors(bridges.map((b) => b.id));
    const assigned = new Map<string, MonitorAssignment>();
    for (const b of bridges) {
      for (const a of await this.deps.store.assignments(b.id)) assigned.set(`${b.id}\u0000${a.monitorKey}`, a);
    }
    return bridges.map((b) => ({
      id: b.id,
      name: b.name,
      location: b.location,
      pairedAt: b.pairedAt,
      lastSeenAt: b.lastSeenAt,
      revokedAt: b.revokedAt,
      monitors: monitors
        .filter((m) => m.bridgeId === b.id)
        .map((m) => monitorView(m, assigned.get(`${b.id}\u0000${m.key}`) ?? null)),
    }));
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

function monitorView(
  m: { bridgeId: string; key: string; label: string; protocol: string; lastReadingAt: number | null },
  a: MonitorAssignment | null,
): BridgeMonitorView {
  return {
    ...{ bridgeId: m.bridgeId, key: m.key, label: m.label, protocol: m.protocol, lastReadingAt: m.lastReadingAt },
    caseId: a?.caseId ?? null,
    intervalMs: a?.intervalMs ?? null,
  };
}

/** The bridge service as the server builds it: creating a pairing code and revoking are audited configuration changes. */
export type AuditedBridges = Audited<BridgeService, 'createPairingCode' | 'revoke'>;

export function auditedBridges(service: BridgeService, sinks: AuditSinks): AuditedBridges {
  return audited(service, { createPairingCode: 'configuration', revoke: 'configuration' }, sinks);
}
