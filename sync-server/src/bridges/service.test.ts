import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import { MemoryBridgeStore } from '../store/bridges/memory.js';
import { BridgeService, normalizePairingCode, PAIRING_CODE_TTL_MS } from './service.js';

/** A caller of `orgId`, its administrator or a member. */
const caller = (id: string, admin: boolean): Caller => ({
  user: { id, name: id, email: `${id}@x.test`, emailVerified: true },
  sessionId: 's',
  subject: { admin } as never,
  singleOrg: null,
  freshSudo: NO_SUDO,
  ip: null,
  userAgent: null,
  origin: '',
  transport: 'graphql',
});

function world(snapshot: () => Promise<unknown> = () => Promise.reject(new Error('no rooms'))) {
  let now = 1_000_000;
  const audited: unknown[] = [];
  const access = {
    authorize: (c: Caller, orgId: string, need: string) => {
      const admin = (c.subject as unknown as { admin: boolean }).admin;
      if (orgId !== 'office' || (need === 'admin' && !admin))
        return Promise.reject(new AppError(403, 'NOT_AUTHORIZED'));
      return Promise.resolve();
    },
  } as unknown as OrgAccess;
  const service = new BridgeService({
    store: new MemoryBridgeStore(),
    orgs: { org: (id: string) => Promise.resolve({ id } as never) },
    access,
    rooms: { seal: () => Promise.reject(new Error('no rooms')), snapshot } as never,
    trail: {
      record: (_who: unknown, entries: unknown) => {
        audited.push(entries);
        return Promise.resolve();
      },
    } as never,
    limiter: { reserve: () => Promise.resolve(() => Promise.resolve()) },
    audit: { record: () => Promise.resolve() },
    now: () => now,
    log: { info: () => {}, warn: () => {}, error: () => {} } as never,
  });
  const code = async (): Promise<string> =>
    (await service.createPairingCode(caller('admin', true), { orgId: 'office', location: 'Operatory 2' })).value.code;
  return { service, code, audited, tick: (ms: number) => (now += ms) };
}

const refusal = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe('the Vigil Bridge service (issue 38)', () => {
  it('makes pairing codes for administrators only, readable off a screen, recorded without the code', async () => {
    const { service } = world();
    expect(await refusal(service.createPairingCode(caller('m', false), { orgId: 'office', location: 'Op 2' }))).toBe(
      'NOT_AUTHORIZED',
    );
    expect(await refusal(service.createPairingCode(caller('a', true), { orgId: 'office', location: ' ' }))).toBe(
      'INVALID_INPUT',
    );
    const made = await service.createPairingCode(caller('a', true), { orgId: 'office', location: 'Op 2' });
    expect(made.value.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(made.value.expiresAt).toBe(1_000_000 + PAIRING_CODE_TTL_MS);
    const recordedText = JSON.stringify(made.entries);
    expect(recordedText).not.toContain(made.value.code);
    expect(recordedText).not.toContain(made.value.code.replace('-', ''));
    expect(made.entries).toEqual([
      {
        trail: 'organisation',
        action: 'bridgePairingCodeCreated',
        detail: { orgId: 'office', location: 'Op 2', expiresAt: made.value.expiresAt },
      },
    ]);
  });

  it('pairs once with a code typed in any case and spacing, never after it expired', async () => {
    const { service, code, tick, audited } = world();
    const first = await code();
    const typed = ` ${first.toLowerCase().replace('-', ' ')} `;
    expect(normalizePairingCode(typed)).toBe(first.replace('-', ''));
    const paired = await service.pair(typed, 'Operatory 2 bridge', '10.0.0.9');
    expect(paired).toMatchObject({ orgId: 'office', location: 'Operatory 2' });
    expect(paired.token).toMatch(/^vgb_brg-[\w-]{12}_[\w-]{43}$/);
    expect(audited).toHaveLength(1);
    expect(await refusal(service.pair(first, 'Again', null))).toBe('PAIRING_CODE_INVALID');
    const late = await code();
    tick(PAIRING_CODE_TTL_MS);
    expect(await refusal(service.pair(late, 'Late', null))).toBe('PAIRING_CODE_INVALID');
    expect(await refusal(service.pair('', 'Nobody', null))).toBe('PAIRING_CODE_INVALID');
  });

  it('knows a bridge by its whole credential only, and refuses it once revoked', async () => {
    const { service, code } = world();
    const { token, bridgeId } = await service.pair(await code(), 'Bridge', null);
    expect((await service.authenticate(token)).id).toBe(bridgeId);
    const wrongSecret = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [null, '', 'vgb_', wrongSecret, token.replace(bridgeId, 'brg-AAAAAAAAAAAA')]) {
      expect(await refusal(service.authenticate(bad))).toBe('BRIDGE_UNAUTHORIZED');
    }
    expect(await refusal(service.revoke(caller('m', false), { orgId: 'office', bridgeId }))).toBe('NOT_AUTHORIZED');
    const revoked = await service.revoke(caller('a', true), { orgId: 'office', bridgeId });
    expect(revoked.value.revokedAt).toBe(1_000_000);
    expect(revoked.entries).toEqual([
      expect.objectContaining({ action: 'bridgeRevoked', detail: expect.objectContaining({ bridgeId }) as unknown }),
    ]);
    expect(await refusal(service.authenticate(token))).toBe('BRIDGE_UNAUTHORIZED');
    expect(await refusal(service.revoke(caller('a', true), { orgId: 'office', bridgeId }))).toBe('BRIDGE_REVOKED');
  });

  it('keeps a monitor’s latest readings for the test page, each once, for the office’s members only', async () => {
    const { service, code } = world();
    const { token, bridgeId } = await service.pair(await code(), 'Bridge', null);
    const bridge = await service.authenticate(token);
    const reading = (id: string, receivedAt: number, spo2: number | null) => ({
      id,
      monitorKey: 'nonin:1',
      receivedAt,
      vitals: { spo2: { value: spo2, time: receivedAt } },
    });
    const monitors = [{ key: 'nonin:1', label: 'Oximeter', protocol: 'nonin' }];
    await service.deliver(bridge, { monitors, readings: [reading('r1', 1000, 97), reading('r2', 2000, null)] });
    // Sent again after a crash: kept once.
    await service.deliver(bridge, { monitors, readings: [reading('r2', 2000, null), reading('r3', 3000, 95)] });
    const args = { orgId: 'office', bridgeId, monitorKey: 'nonin:1' };
    expect(await service.recentReadings(caller('m', false), args)).toEqual([
      { id: 'r1', receivedAt: 1000, vitals: [{ vital: 'spo2', value: 97 }] },
      { id: 'r2', receivedAt: 2000, vitals: [{ vital: 'spo2', value: null }] },
      { id: 'r3', receivedAt: 3000, vitals: [{ vital: 'spo2', value: 95 }] },
    ]);
    expect(await service.recentReadings(caller('m', false), { ...args, monitorKey: 'hl7:X' })).toEqual([]);
    expect(await refusal(service.recentReadings(caller('m', false), { ...args, orgId: 'other' }))).toBe(
      'NOT_AUTHORIZED',
    );
    expect(await refusal(service.recentReadings(caller('m', false), { ...args, bridgeId: 'brg-none' }))).toBe(
      'NOT_FOUND',
    );
  });

  it('never has a monitor chart into a finalized case: the signed record stays as signed', async () => {
    const { service, code } = world(() => Promise.resolve({ finalized: true, content: { vitalsReadings: [] } }));
    const { token, bridgeId } = await service.pair(await code(), 'Bridge', null);
    const monitors = [{ key: 'nonin:1', label: 'Oximeter', protocol: 'nonin' }];
    await service.deliver(await service.authenticate(token), { monitors, readings: [] });
    const args = { orgId: 'office', caseId: 'apt-signed', bridgeId, monitorKey: 'nonin:1' };
    expect(await refusal(service.assign(caller('m', false), args))).toBe('FINALIZED');
  });
});
