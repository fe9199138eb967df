import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANESTHESIA_RECORD_TYPE,
  type Appointment,
  type AuditEvent,
  type Composition,
  type Patient,
} from '@vigil/shared';
import { openMemoryDatabase } from '../sqlite/database.js';
import { VersionConflictError } from '../../errors.js';
import { parseSearch } from './search-params.js';
import { CASE_DATA_EXTENSION_URL } from './history-policy.js';
import { MemoryResourceStore } from './memory.js';
import { SqliteResourceStore } from './sqlite.js';
import { PostgresResourceStore } from './postgres.js';
import { PostgresChangeStore } from '../changes/postgres.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { ResourceStore, StoredVersion } from './types.js';

function sqliteStore(): ResourceStore {
  const db = openMemoryDatabase();
  return new SqliteResourceStore(db);
}

const T = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();

const patient = (id: string, given: string, family: string, birthDate: string): Patient & { id: string } => ({
  resourceType: 'Patient',
  id,
  name: [{ given: [given], family }],
  birthDate,
  identifier: [{ system: 'urn:mrn', value: `mrn-${id}` }],
});

const appointment = (
  id: string,
  start: string,
  status: Appointment['status'],
  patientId: string,
): Appointment & { id: string } => ({
  resourceType: 'Appointment',
  id,
  status,
  start,
  end: start,
  participant: [
    { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
    { actor: { reference: 'Location/loc-room1' }, status: 'accepted' },
  ],
});

/** A case's Composition carrying `content` in its caseData attachment, as the projection writes it. */
const projected = (status: Composition['status'], content: string): Composition & { id: string } => ({
  resourceType: 'Composition',
  id: 'cmp-1',
  status,
  type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
  date: '2026-11-20T14:00:00Z',
  author: [{ reference: 'Practitioner/prc-1' }],
  title: 'Anesthesia record',
  extension: [
    {
      url: CASE_DATA_EXTENSION_URL,
      valueAttachment: {
        contentType: 'application/json',
        data: Buffer.from(content).toString('base64'),
        size: content.length,
        hash: Buffer.from(content.padEnd(20, '.').slice(0, 20)).toString('base64'),
      },
    },
  ],
});
/** The caseData attachment of a stored version. */
const caseDataOf = (v: StoredVersion | null): Record<string, unknown> | undefined =>
  (v?.resource as Composition | null)?.extension?.find((e) => e.url === CASE_DATA_EXTENSION_URL)?.valueAttachment as
    Record<string, unknown> | undefined;
const withoutData = (a: Record<string, unknown> | undefined): Record<string, unknown> => {
  const { data: _d, ...rest } = a ?? {};
  return rest;
};

const ids = (items: { id?: string }[]): (string | undefined)[] => items.map((i) => i.id);
const page = { offset: 0, count: 50 };

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** The PostgreSQL store on a fresh database, recording into the change feed as the server's does. */
async function postgresStore(): Promise<ResourceStore> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const db = new PostgresDatabase(database.open());
  return new PostgresResourceStore(db, new PostgresChangeStore(db));
}

const implementations: [string, () => ResourceStore | Promise<ResourceStore>][] = [
  ['memory', () => new MemoryResourceStore()],
  ['sqlite', sqliteStore],
  ['postgres', postgresStore],
];

describe.each(await runnableImplementations('ResourceStore contract', implementations))(
  'ResourceStore contract: %s',
  (name, make) => {
    it('writes version 1, then 2, with meta set by the store, and reads each version back', async () => {
      const store = await make();
      const v1 = await store.write({ orgId: 'a', resource: patient('p1', 'Amelia', 'Hart', '2015') }, T(0));
      expect(v1.versionId).toBe('1');
      expect(v1.resource?.meta).toEqual({ versionId: '1', lastUpdated: T(0) });
      const v2 = await store.write(
        { orgId: 'a', resource: patient('p1', 'Amelia', 'Heart', '2015'), ifMatch: '1' },
        T(1),
      );
      expect(v2.versionId).toBe('2');
      expect((await store.read('a', 'Patient', 'p1'))?.resource).toMatchObject({
        name: [{ family: 'Heart' }],
        meta: { versionId: '2' },
      });
      expect((await store.readVersion('a', 'Patient', 'p1', '1'))?.resource).toMatchObject({
        name: [{ family: 'Hart' }],
      });
      expect(await store.readVersion('a', 'Patient', 'p1', '3')).toBeNull();
      expect(await store.readVersion('a', 'Patient', 'p1', 'x')).toBeNull();
    });

    it('refuses a stale If-Match and a create over a live id with a version conflict', async () => {
      const store = await make();
      await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
      await store.write({ orgId: 'a', resource: patient('p1', 'A', 'C', '2015') }, T(1));
      await expect(
        store.write({ orgId: 'a', resource: patient('p1', 'A', 'D', '2015'), ifMatch: '1' }, T(2)),
      ).rejects.toThrow(VersionConflictError);
      await expect(
        store.write({ orgId: 'a', resource: patient('p1', 'A', 'D', '2015'), createOnly: true }, T(2)),
      ).rejects.toThrow(VersionConflictError);
      expect((await store.read('a', 'Patient', 'p1'))?.versionId).toBe('2');
    });

    it('writes a new id as version 1, searchable with its history, and refuses a new id over any stored version', async () => {
      const store = await make();
      const event = (id: string): AuditEvent & { id: string } => ({
        resourceType: 'AuditEvent',
        id,
        type: { code: 'rest' },
        recorded: T(0),
        agent: [{ who: { identifier: { value: 'usr-1' } }, requestor: true }],
        source: { observer: { display: 'Vigil' } },
        entity: [{ what: { reference: 'Composition/cmp-1' } }],
      });
      // An AuditEvent (not in the change feed: PostgreSQL's one-statement path) and a Patient (recorded: the usual path).
      const audit = await store.write({ orgId: 'a', resource: event('ae-1'), newId: true }, T(1));
      const made = await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015'), newId: true }, T(1));
      for (const [version, type, id] of [
        [audit, 'AuditEvent', 'ae-1'],
        [made, 'Patient', 'p1'],
      ] as const) {
        expect(version).toMatchObject({ versionId: '1', lastUpdated: T(1), deleted: false });
        expect(version.resource?.meta).toMatchObject({ versionId: '1', lastUpdated: T(1) });
        expect(await store.read('a', type, id)).toEqual(version);
        expect((await store.history('a', type, id, page)).items).toEqual([version]);
      }
      const found = await store.search(
        'a',
        'AuditEvent',
        parseSearch('AuditEvent', new URLSearchParams({ entity: 'Composition/cmp-1' })),
        page,
      );
      expect(ids(found.items)).toEqual(['ae-1']);
      expect(
        ids(
          (
            await store.search(
              'a',
              'AuditEvent',
              parseSearch('AuditEvent', new URLSearchParams({ agent: 'usr-1' })),
              page,
            )
          ).items,
        ),
      ).toEqual(['ae-1']);
      // Any version already under the id, a deleted one too, is a conflict, and nothing is written.
      await store.delete('a', 'Patient', 'p1', T(2));
      await expect(store.write({ orgId: 'a', resource: event('ae-1'), newId: true }, T(3))).rejects.toThrow(
        VersionConflictError,
      );
      await expect(
        store.write({ orgId: 'a', resource: patient('p1', 'A', 'C', '2015'), newId: true }, T(3)),
      ).rejects.toThrow(VersionConflictError);
      expect((await store.history('a', 'AuditEvent', 'ae-1', page)).total).toBe(1);
      expect((await store.read('a', 'Patient', 'p1'))?.versionId).toBe('2');
    });

    it('keeps organisations apart: the same id in two organisations is two resources', async () => {
      const store = await make();
      await store.write({ orgId: 'a', resource: patient('p1', 'Ann', 'A', '2015') }, T(0));
      await store.write({ orgId: 'b', resource: patient('p1', 'Bob', 'B', '2016') }, T(1));
      expect((await store.read('a', 'Patient', 'p1'))?.resource).toMatchObject({ name: [{ given: ['Ann'] }] });
      expect((await store.read('b', 'Patient', 'p1'))?.versionId).toBe('1');
      expect(await store.read('c', 'Patient', 'p1')).toBeNull();
      expect((await store.search('a', 'Patient', [], page)).total).toBe(1);
      expect((await store.search('c', 'Patient', [], page)).total).toBe(0);
      expect((await store.history('b', 'Patient', 'p1', page)).total).toBe(1);
      expect((await store.history('c', 'Patient', 'p1', page)).total).toBe(0);
    });

    it('deletes as a new version without content, kept in the history, hidden from search', async () => {
      const store = await make();
      await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
      await expect(store.delete('a', 'Patient', 'p1', T(1), '7')).rejects.toThrow(VersionConflictError);
      const deleted = await store.delete('a', 'Patient', 'p1', T(1));
      expect(deleted).toMatchObject({ versionId: '2', deleted: true, resource: null });
      expect(await store.delete('a', 'Patient', 'p1', T(2))).toBeNull();
      expect(await store.delete('b', 'Patient', 'p1', T(2))).toBeNull();
      expect((await store.read('a', 'Patient', 'p1'))?.deleted).toBe(true);
      expect((await store.search('a', 'Patient', [], page)).total).toBe(0);
      const history = await store.history('a', 'Patient', 'p1', page);
      expect(history.items.map((v) => [v.versionId, v.deleted])).toEqual([
        ['2', true],
        ['1', false],
      ]);
      // Writing again revives it as version 3.
      expect((await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(3))).versionId).toBe('3');
    });

    it("keeps a superseded projection's case content as type, size and hash only; the current and signed versions whole", async () => {
      const store = await make();
      const contents = ['{"v":1}', '{"v":2}', '{"v":3}'];
      for (const [i, c] of contents.entries())
        await store.write({ orgId: 'a', resource: projected('preliminary', c) }, T(i));
      const written = contents.map((c) => caseDataOf({ resource: projected('preliminary', c) } as StoredVersion)!);
      for (const v of ['1', '2']) {
        const kept = caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', v));
        expect(kept).toEqual(withoutData(written[Number(v) - 1]));
        expect(kept).toMatchObject({ contentType: 'application/json', size: 7 });
      }
      expect(caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', '3'))).toEqual(written[2]);
      expect(caseDataOf(await store.read('a', 'Composition', 'cmp-1'))).toEqual(written[2]);
      const history = (await store.history('a', 'Composition', 'cmp-1', page)).items;
      expect(history.map((v) => caseDataOf(v)?.data !== undefined)).toEqual([true, false, false]);
      expect(history[2]!.resource).toMatchObject({
        title: 'Anesthesia record',
        status: 'preliminary',
        meta: { versionId: '1' },
      });

      // Signed versions (final, then amended) are the legal record: superseded, they stay whole.
      await store.write({ orgId: 'a', resource: projected('final', '{"v":4}') }, T(4));
      await store.write({ orgId: 'a', resource: projected('amended', '{"v":5}') }, T(5));
      await store.write({ orgId: 'a', resource: projected('preliminary', '{"v":6}') }, T(6));
      expect(caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', '3'))?.data).toBeUndefined();
      expect(caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', '4'))?.data).toBe(btoa('{"v":4}'));
      expect(caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', '5'))?.data).toBe(btoa('{"v":5}'));

      // The version a deletion supersedes keeps its content: the history shows what was deleted.
      await store.delete('a', 'Composition', 'cmp-1', T(7));
      expect(caseDataOf(await store.readVersion('a', 'Composition', 'cmp-1', '6'))?.data).toBe(btoa('{"v":6}'));

      // Other resource types keep every version whole, attachments included.
      const photo = (data: string): Patient & { id: string } => ({
        ...patient('p1', 'A', 'B', '2015'),
        photo: [{ contentType: 'image/png', data }],
      });
      await store.write({ orgId: 'a', resource: photo('iVBORw0KGgo=') }, T(8));
      await store.write({ orgId: 'a', resource: photo('iVBORw0KGgp=') }, T(9));
      expect((await store.readVersion('a', 'Patient', 'p1', '1'))?.resource).toMatchObject({
        photo: [{ data: 'iVBORw0KGgo=' }],
      });
    });

    it('runs a transaction atomically: when it fails, none of its writes stay', async () => {
      const store = await make();
      await expect(
        store.transaction(async () => {
          await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
          await store.write({ orgId: 'a', resource: patient('p2', 'A', 'B', '2015') }, T(0));
          throw new Error('audit failed');
        }),
      ).rejects.toThrow('audit failed');
      expect(await store.read('a', 'Patient', 'p1')).toBeNull();
      expect((await store.search('a', 'Patient', [], page)).total).toBe(0);
    });

    it('keeps concurrent transactions apart: one that rolls back takes no other unit or lone write along', async () => {
      const store = await make();
      const first = store.transaction(async () => {
        await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
        await new Promise((r) => setTimeout(r, 30));
        throw new Error('rolled back');
      });
      const second = store.transaction(() =>
        store.write({ orgId: 'a', resource: patient('p2', 'A', 'B', '2015') }, T(1)),
      );
      const lone = store.write({ orgId: 'a', resource: patient('p3', 'A', 'B', '2015') }, T(2));
      await expect(first).rejects.toThrow('rolled back');
      await Promise.all([second, lone]);
      expect(await store.read('a', 'Patient', 'p1')).toBeNull();
      expect(ids((await store.search('a', 'Patient', [], page)).items).sort()).toEqual(['p2', 'p3']);
    });

    // SQLite's one connection and memory queue units; PostgreSQL runs them side by side, each on a
    // connection of its own, ordered by locks where they touch the same rows (postgres.test.ts).
    it.skipIf(name === 'postgres')(
      'serialises transactions: one that awaits is never interleaved with another or with a lone write',
      async () => {
        const store = await make();
        const order: string[] = [];
        const first = store.transaction(async () => {
          order.push('first begins');
          await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
          await new Promise((r) => setTimeout(r, 30));
          order.push('first fails');
          throw new Error('rolled back');
        });
        const second = store.transaction(async () => {
          order.push('second begins');
          await store.write({ orgId: 'a', resource: patient('p2', 'A', 'B', '2015') }, T(1));
          order.push('second ends');
        });
        // A write outside any transaction waits too, so the first one's rollback cannot take it along.
        const lone = store.write({ orgId: 'a', resource: patient('p3', 'A', 'B', '2015') }, T(2));
        await expect(first).rejects.toThrow('rolled back');
        await second;
        await lone;
        expect(order).toEqual(['first begins', 'first fails', 'second begins', 'second ends']);
        expect(ids((await store.search('a', 'Patient', [], page)).items).sort()).toEqual(['p2', 'p3']);
      },
    );

    it('joins a transaction started inside another; a failed inner one leaves the outer writes', async () => {
      const store = await make();
      await store.transaction(async () => {
        await store.write({ orgId: 'a', resource: patient('p1', 'A', 'B', '2015') }, T(0));
        await expect(
          store.transaction(async () => {
            await store.write({ orgId: 'a', resource: patient('p2', 'A', 'B', '2015') }, T(1));
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        await store.transaction(() => store.write({ orgId: 'a', resource: patient('p3', 'A', 'B', '2015') }, T(2)));
      });
      expect(ids((await store.search('a', 'Patient', [], page)).items).sort()).toEqual(['p1', 'p3']);
    });

    it('pages history newest first', async () => {
      const store = await make();
      for (let i = 0; i < 5; i += 1)
        await store.write({ orgId: 'a', resource: patient('p1', `G${i}`, 'F', '2015') }, T(i));
      const second = await store.history('a', 'Patient', 'p1', { offset: 2, count: 2 });
      expect(second.total).toBe(5);
      expect(second.items.map((v) => v.versionId)).toEqual(['3', '2']);
    });

    it('finds patients by name prefix in any case, birthdate and identifier', async () => {
      const store = await make();
      await store.write({ orgId: 'a', resource: patient('p1', 'Amelia', 'Hart', '2015-03-04') }, T(0));
      await store.write({ orgId: 'a', resource: patient('p2', 'Noah', 'Amesbury', '1980-11-02') }, T(1));
      await store.write({ orgId: 'a', resource: patient('p3', 'Liam', 'Chen', '1980-01-20') }, T(2));
      const search = async (q: string): Promise<(string | undefined)[]> =>
        ids((await store.search('a', 'Patient', parseSearch('Patient', new URLSearchParams(q)), page)).items);
      expect(await search('name=ame')).toEqual(['p2', 'p1']);
      expect(await search('name=HART')).toEqual(['p1']);
      expect(await search('name=amelia hart')).toEqual(['p1']);
      expect(await search('birthdate=1980')).toEqual(['p3', 'p2']);
      expect(await search('birthdate=ge1980-06-01&birthdate=le2015-12-31')).toEqual(['p2', 'p1']);
      expect(await search('identifier=mrn-p3')).toEqual(['p3']);
      expect(await search('identifier=urn:mrn|mrn-p2')).toEqual(['p2']);
      expect(await search('identifier=urn:other|mrn-p2')).toEqual([]);
      expect(await search('_id=p1,p3')).toEqual(['p3', 'p1']);
      expect(await search('_lastUpdated=ge' + T(1))).toEqual(['p3', 'p2']);
    });

    it('finds appointments by date range, status, patient and location, and pages them', async () => {
      const store = await make();
      await store.write({ orgId: 'a', resource: appointment('a1', '2026-11-20T15:00:00Z', 'booked', 'p1') }, T(0));
      await store.write(
        { orgId: 'a', resource: appointment('a2', '2026-11-21T09:00:00-05:00', 'arrived', 'p1') },
        T(1),
      );
      await store.write({ orgId: 'a', resource: appointment('a3', '2026-12-01T09:00:00Z', 'booked', 'p2') }, T(2));
      const search = async (q: string, p = page): Promise<(string | undefined)[]> =>
        ids((await store.search('a', 'Appointment', parseSearch('Appointment', new URLSearchParams(q)), p)).items);
      expect(await search('date=ge2026-11-01&date=lt2026-12-01')).toEqual(['a2', 'a1']);
      expect(await search('date=2026-11-21')).toEqual(['a2']);
      expect(await search('date=ge2026-11-21T13:00:00Z')).toEqual(['a3', 'a2']);
      expect(await search('status=booked')).toEqual(['a3', 'a1']);
      expect(await search('status=booked,arrived&patient=p1')).toEqual(['a2', 'a1']);
      expect(await search('patient=Patient/p2')).toEqual(['a3']);
      expect(await search('location=loc-room1')).toHaveLength(3);
      expect(await search('practitioner=prc-x')).toEqual([]);
      expect(await search('', { offset: 1, count: 1 })).toEqual(['a2']);
      expect((await store.search('a', 'Appointment', [], { offset: 1, count: 1 })).total).toBe(3);
      await store.write({ orgId: 'a', resource: appointment('a0', '2026-11-01T09:00:00Z', 'booked', 'p2') }, T(3));
      const sorted = async (descending: boolean): Promise<(string | undefined)[]> =>
        ids((await store.search('a', 'Appointment', [], page, { by: 'date', descending })).items);
      expect(await sorted(false)).toEqual(['a0', 'a1', 'a2', 'a3']);
      expect(await sorted(true)).toEqual(['a3', 'a2', 'a1', 'a0']);
      expect(
        ids((await store.search('a', 'Appointment', [], page, { by: '_lastUpdated', descending: false })).items),
      ).toEqual(['a1', 'a2', 'a3', 'a0']);
    });
  },
);

/**
 * A store for each run of the property: SQLite a new one per run; PostgreSQL one database for
 * every run (a database per run would cost seconds each), each run in organisations of its own.
 */
const propertyStores: [string, () => Promise<() => Promise<{ store: ResourceStore; prefix: string }>>][] = [
  ['sqlite', () => Promise.resolve(() => Promise.resolve({ store: sqliteStore(), prefix: '' }))],
  [
    'postgres',
    async () => {
      const store = await postgresStore();
      let run = 0;
      return () => Promise.resolve({ store, prefix: `run${(run += 1)}-` });
    },
  ],
];

describe.each(await runnableImplementations('ResourceStore property', propertyStores))(
  '%s store against the memory store (property)',
  (_name, open) => {
    const orgs = ['a', 'b'] as const;
    const givens = ['Amelia', 'Amos', 'Noah', 'Liam'] as const;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('write' as const),
        org: fc.constantFrom(...orgs),
        id: fc.constantFrom('p1', 'p2', 'p3'),
        given: fc.constantFrom(...givens),
        year: fc.integer({ min: 1950, max: 2020 }),
      }),
      fc.record({
        kind: fc.constant('delete' as const),
        org: fc.constantFrom(...orgs),
        id: fc.constantFrom('p1', 'p2', 'p3'),
      }),
    );
    const query = fc.oneof(
      fc.constantFrom('', 'name=am', 'name=noah', 'birthdate=ge1990', 'birthdate=lt1980', '_id=p1,p3'),
      fc.constantFrom('name=a&birthdate=le2000', 'identifier=mrn-p2'),
    );

    it('answers every search, read and history the same, and never across organisations', async () => {
      const next = await open();
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 25 }), query, async (ops, q) => {
          const memory = new MemoryResourceStore();
          const { store: other, prefix } = await next();
          const orgOf = (org: string): string => prefix + org;
          for (const [i, o] of ops.entries()) {
            for (const store of [memory, other]) {
              if (o.kind === 'write')
                await store.write({ orgId: orgOf(o.org), resource: patient(o.id, o.given, 'X', String(o.year)) }, T(i));
              else await store.delete(orgOf(o.org), 'Patient', o.id, T(i));
            }
          }
          const clauses = parseSearch('Patient', new URLSearchParams(q));
          for (const logical of orgs) {
            const org = orgOf(logical);
            const m = await memory.search(org, 'Patient', clauses, page);
            const s = await other.search(org, 'Patient', clauses, page);
            expect(s).toEqual(m);
            // Only this organisation's writes can be found: the model replays the ops of `org` alone.
            const live = new Map<string, number>();
            for (const o of ops) {
              if (o.org !== logical) continue;
              if (o.kind === 'write') live.set(o.id, o.year);
              else live.delete(o.id);
            }
            expect((await memory.search(org, 'Patient', [], page)).items.map((r) => r.id).sort()).toEqual(
              [...live.keys()].sort(),
            );
            for (const id of ['p1', 'p2', 'p3']) {
              expect(await other.read(org, 'Patient', id)).toEqual(await memory.read(org, 'Patient', id));
              expect(await other.history(org, 'Patient', id, page)).toEqual(
                await memory.history(org, 'Patient', id, page),
              );
            }
          }
        }),
        { numRuns: 60 },
      );
      // 60 runs of up to 25 writes on two stores: seconds on a loaded machine.
    }, 60_000);
  },
);
