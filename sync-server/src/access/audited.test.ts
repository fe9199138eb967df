import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError, refuse } from '../errors.js';
import type { AuditOrigin, OrgAuditEvent } from '../store/orgs/types.js';
import { audited, auditTrail, recorded, type AuditSinks, type Recorded } from './audited.js';
import { anonymousCaller, type Caller } from './caller.js';

const ann: Caller = {
  ...anonymousCaller({ ip: '10.1.2.3', userAgent: 'tablet', transport: 'graphql' }),
  user: { id: 'u-ann', name: 'Ann', email: 'ann@example.com', emailVerified: true },
  sessionId: 's-1',
  subject: { signedIn: true, multiFactorValid: true, orgs: [] },
};

/** A store whose writes and audit records are kept or dropped with its one open transaction. */
function world(): {
  sinks: AuditSinks;
  trail: { origin: AuditOrigin; event: OrgAuditEvent }[];
  reads: unknown[];
  rows: string[];
} {
  let trail: { origin: AuditOrigin; event: OrgAuditEvent }[] = [];
  let rows: string[] = [];
  const reads: unknown[] = [];
  const state = {
    get trail() {
      return trail;
    },
    get rows() {
      return rows;
    },
  };
  return {
    sinks: {
      orgs: { audit: (origin, event) => Promise.resolve(void trail.push({ origin, event })) },
      accounts: { record: (_at, meta, event) => Promise.resolve(void reads.push({ meta, event })) },
      now: () => 5_000,
      transaction: async (fn) => {
        const before = { trail: [...trail], rows: [...rows] };
        try {
          return await fn();
        } catch (err) {
          trail = before.trail;
          rows = before.rows;
          throw err;
        }
      },
    },
    get trail() {
      return state.trail;
    },
    reads,
    get rows() {
      return state.rows;
    },
  };
}

class Settings {
  constructor(private readonly rows: () => string[]) {}

  async set(caller: Caller, value: string): Promise<Recorded<string[]>> {
    await Promise.resolve();
    if (value === 'refused') refuse('NOT_AUTHORIZED');
    this.rows().push(value);
    if (value === 'fails-after-write') throw new Error('disk full');
    return recorded([...this.rows()], { trail: 'organisation', action: 'policySet', detail: { value } });
  }

  silent(caller: Caller): Promise<Recorded<number>> {
    return Promise.resolve(recorded(caller.user ? 1 : 0));
  }

  read(caller: Caller, names: string[]): Promise<Recorded<string[]>> {
    return Promise.resolve(
      recorded(
        names,
        ...(names.length ? [{ trail: 'account' as const, action: 'ledgerRead' as const, detail: { names } }] : []),
      ),
    );
  }

  count(): number {
    return this.rows().length;
  }

  /** A change whose follow-up outside the database (a room reopened) waits for the commit. */
  async reopen(caller: Caller, value: string, steps: string[]): Promise<Recorded<string>> {
    await Promise.resolve();
    this.rows().push(value);
    if (value === 'fails-after-write') throw new Error('disk full');
    return recorded(value, { trail: 'organisation', action: 'policySet', detail: { value } }).afterCommit(() =>
      Promise.resolve(void steps.push(`reopened ${value}`)),
    );
  }
}

describe('audited: audit as part of the pipeline (issue 36 item 2)', () => {
  it('writes a configuration change’s record as the caller’s, from where it called, and answers the value', async () => {
    const w = world();
    const service = audited(new Settings(() => w.rows), { set: 'configuration' }, w.sinks);
    expect(await service.set(ann, 'SO3 block')).toEqual(['SO3 block']);
    expect(w.trail).toEqual([
      {
        origin: { at: 5_000, ip: '10.1.2.3', userAgent: 'tablet' },
        event: { action: 'policySet', userId: 'u-ann', email: 'ann@example.com', detail: { value: 'SO3 block' } },
      },
    ]);
    // Undeclared methods pass through.
    expect(service.count()).toBe(1);
  });

  it('leaves no record for a refused change, and none with a change that rolled back', async () => {
    const w = world();
    const service = audited(new Settings(() => w.rows), { set: 'configuration' }, w.sinks);
    await expect(service.set(ann, 'refused')).rejects.toBeInstanceOf(AppError);
    await expect(service.set(ann, 'fails-after-write')).rejects.toThrow('disk full');
    expect(w.trail).toEqual([]);
    expect(w.rows).toEqual([]);
  });

  it('refuses a declared change that records nothing, or a call without a Caller', async () => {
    const w = world();
    const service = audited(new Settings(() => w.rows), { silent: 'configuration' }, w.sinks);
    await expect(service.silent(ann)).rejects.toThrow('recorded nothing');
    const wrong = service.silent as unknown as (caller: unknown) => Promise<number>;
    await expect(wrong({ id: 'u-ann' })).rejects.toThrow('not a Caller');
  });

  it('runs a change’s after-commit step once its records committed, and never after a rollback', async () => {
    const w = world();
    const steps: string[] = [];
    const transaction = w.sinks.transaction!;
    const sinks: AuditSinks = {
      ...w.sinks,
      transaction: async (fn) => {
        const out = await transaction(fn);
        steps.push(`committed with ${w.trail.length} record(s)`);
        return out;
      },
    };
    const service = audited(new Settings(() => w.rows), { reopen: 'configuration' }, sinks);
    expect(await service.reopen(ann, 'case-1', steps)).toBe('case-1');
    expect(steps).toEqual(['committed with 1 record(s)', 'reopened case-1']);
    await expect(service.reopen(ann, 'fails-after-write', steps)).rejects.toThrow('disk full');
    expect(steps).toEqual(['committed with 1 record(s)', 'reopened case-1']);
    expect(w.rows).toEqual(['case-1']);
  });

  it('records a read of patient data on the account trail, and nothing for a read naming no one', async () => {
    const w = world();
    const service = audited(new Settings(() => w.rows), { read: 'phiRead' }, w.sinks);
    expect(await service.read(ann, [])).toEqual([]);
    expect(w.reads).toEqual([]);
    expect(await service.read(ann, ['case-1'])).toEqual(['case-1']);
    expect(w.reads).toEqual([
      {
        meta: { ip: '10.1.2.3', userAgent: 'tablet' },
        event: { action: 'ledgerRead', outcome: 'success', userId: 'u-ann', detail: { names: ['case-1'] } },
      },
    ]);
  });
});

describe('auditTrail: records of one step of a service (the FHIR write path)', () => {
  /** Resources written, kept or dropped with the one open transaction. */
  function store(): { sinks: AuditSinks; written: { orgId: string; resource: Record<string, unknown> }[] } {
    let written: { orgId: string; resource: Record<string, unknown> }[] = [];
    return {
      sinks: {
        resources: {
          write: (input) => {
            written.push({ orgId: input.orgId, resource: input.resource as unknown as Record<string, unknown> });
            return Promise.resolve(null as never);
          },
        },
        now: () => Date.UTC(2026, 10, 28, 9, 30),
        transaction: async (fn) => {
          const before = [...written];
          try {
            return await fn();
          } catch (err) {
            written = before;
            throw err;
          }
        },
      },
      get written() {
        return written;
      },
    };
  }
  const ctx = { orgId: 'main-street', userId: 'usr-7', ip: '10.0.0.9' };
  const read = { trail: 'fhir' as const, orgId: 'main-street', interaction: 'read' as const, entities: ['Patient/p1'] };

  it('builds the AuditEvent as the actor’s, tagged with its organisation, and answers the step’s value', async () => {
    const s = store();
    expect(await auditTrail(s.sinks).read(ctx, () => Promise.resolve(recorded('chart', read)))).toBe('chart');
    expect(s.written).toEqual([
      {
        orgId: 'main-street',
        resource: expect.objectContaining({
          resourceType: 'AuditEvent',
          id: expect.stringMatching(/^aud-/) as unknown,
          recorded: '2026-11-28T09:30:00.000Z',
          agent: [
            {
              who: { identifier: expect.objectContaining({ value: 'usr-7' }) as unknown },
              requestor: true,
              network: { address: '10.0.0.9', type: '2' },
            },
          ],
          source: expect.objectContaining({ site: 'main-street' }) as unknown,
          entity: [{ what: { reference: 'Patient/p1' } }],
          meta: { tag: [expect.objectContaining({ code: 'main-street' })] },
        }) as unknown,
      },
    ]);
  });

  it('writes a change’s records in its transaction: a change that fails after its write leaves none', async () => {
    const s = store();
    const trail = auditTrail(s.sinks);
    const failing = trail.change(ctx, async () => {
      await s.sinks.resources!.write({ orgId: 'main-street', resource: { resourceType: 'Patient', id: 'p1' } }, 'now');
      throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    await expect(trail.read(ctx, () => Promise.reject(new AppError(404, 'NOT_FOUND')))).rejects.toBeInstanceOf(
      AppError,
    );
    expect(s.written).toEqual([]);
    await trail.change(ctx, () => Promise.resolve(recorded(1, { ...read, interaction: 'create' })));
    expect(s.written.map((w) => w.resource.resourceType)).toEqual(['AuditEvent']);
    await expect(auditTrail({ now: () => 0 }).change(ctx, () => Promise.resolve(recorded(1)))).rejects.toThrow(
      'needs a transaction',
    );
  });
});

/*
 * The structural half: no service writes an audit record itself. The writers are the
 * organisation trail's `.audit(`, the account trail's `audit.record(`, the FHIR AuditEvent
 * writer `writeAuditEvent(`, and the old helpers `auditChange(` / `fhir.auditRead(`; only
 * access/audited.ts calls them (the wrapper `audited()`, and `auditTrail()` for the services
 * whose record belongs to one step of a method: the FHIR write path, the history tracking). auth/
 * (sign-in, MFA and other account security events, which are not configuration nor patient data)
 * and store/ are outside the rule. PENDING lists the callers not moved yet: none since session 24;
 * the list may only stay empty.
 */
const PENDING: readonly string[] = [];
const WRITER =
  /(?<![\w$])(?:\w+\.)*(?:audit|orgs|store)\.(?:audit|record)\(|\bwriteAuditEvent\(|\bauditChange\(|\bfhir\.auditRead\(/;
// inventories/witness.ts records a failed witness credential, billing/card-limits.ts a declined
// card and bridges/service.ts a wrong pairing code: security events their limits count, as auth/
// records failed sign-ins, not a configuration change or a read of patient data. legal/service.ts
// records a user's acceptance of the terms on the account trail, as auth/ records the sign-up it
// belongs to.
const EXEMPT =
  /^(auth\/|store\/|access\/audited\.ts$|inventories\/witness\.ts$|billing\/card-limits\.ts$|bridges\/service\.ts$|legal\/service\.ts$)/;

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(f))
  .map((f) => f.split(path.sep).join('/'));

/** Modules outside the exempt places that call an audit writer (comments excluded). */
function writersOutside(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => !EXEMPT.test(file))
    .filter(({ text }) => text.split('\n').some((line) => !/^\s*(\*|\/\/)/.test(line) && WRITER.test(line)))
    .map(({ file }) => file)
    .sort();
}

describe('no service writes an audit record but the audit pipeline', () => {
  it('finds the writers only in access/audited.ts (and the pending list)', () => {
    const files = sources.map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));
    expect(writersOutside(files)).toEqual([...PENDING].sort());
  });

  it('catches a service that writes its own record (self-test)', () => {
    const service = (text: string): string[] => writersOutside([{ file: 'policies/service.ts', text }]);
    expect(service('await this.deps.orgs.audit(origin, event);')).toEqual(['policies/service.ts']);
    expect(service('await this.deps.audit.record(now, meta, event);')).toEqual(['policies/service.ts']);
    expect(service('await writeAuditEvent(store, record);')).toEqual(['policies/service.ts']);
    expect(service('await auditChange(store, meta, at, who, "policySet", {});')).toEqual(['policies/service.ts']);
    expect(service('return recorded(views, { trail: "organisation", action: "policySet", detail });')).toEqual([]);
    expect(service(' * through the one writer, writeAuditEvent(store, record)')).toEqual([]);
    expect(writersOutside([{ file: 'access/audited.ts', text: 'await sinks.orgs.audit(o, e);' }])).toEqual([]);
  });
});
