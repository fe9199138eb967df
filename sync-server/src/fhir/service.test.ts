import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_PAGE_COUNT,
  measurementComponent,
  PHYSICAL_ATTRIBUTE_CODES,
  TEST_RESOURCE_TAG,
  TRIAL_ENDED_MESSAGE,
  validateResource,
  type Appointment,
  type AuditEvent,
  type Observation,
  type Patient,
} from '@vigil/shared';
import type { OrgPolicy } from '../access/index.js';
import { AppError, VersionConflictError } from '../errors.js';
import type { DeliveredEvent } from './live-events.js';
import { memoryFhirStores } from './memory-feed.js';
import { FhirService, parseIfMatch, type RequestContext } from './service.js';

function setup(policy: OrgPolicy | null = { isOnboarding: false, writeBlocked: () => null }) {
  const { store, events } = memoryFhirStores();
  let clock = Date.UTC(2026, 10, 21, 9, 0);
  const service = new FhirService({ store, now: () => (clock += 1000), orgPolicy: () => policy });
  const ctx: RequestContext = {
    orgId: 'main-street',
    userId: 'usr-1',
    ip: '10.0.0.1',
    baseUrl: 'http://x/api/fhir/main-street',
  };
  const delivered: DeliveredEvent[] = [];
  events.subscribe('main-street', (e) => delivered.push(e));
  const audits = async (): Promise<AuditEvent[]> =>
    (await store.search('main-street', 'AuditEvent', [], { offset: 0, count: 1000 })).items as AuditEvent[];
  return { store, service, ctx, delivered, audits };
}

const patient: Patient = {
  resourceType: 'Patient',
  name: [{ given: ['Amelia'], family: 'Hart' }],
  birthDate: '2015-03-04',
};

/** A weight taken for a case (physical attributes, spec 001 §3). */
const observation: Observation = {
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
  subject: { reference: 'Patient/pat-1' },
  effectiveDateTime: '2026-11-21T10:00:00Z',
  component: [measurementComponent('weight', 20.4, '45 lb')],
};

async function thrown(fn: () => Promise<unknown>): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('did not throw');
}

describe('FhirService', () => {
  it('creates with a server id, audits the write and publishes CreateResource with filter data', async () => {
    const { service, ctx, delivered, audits } = setup();
    const { version } = await service.create(ctx, 'Patient', { ...patient, id: 'ignored', meta: { versionId: '9' } });
    expect(version.id).toMatch(/^pat-/);
    expect(version.resource?.meta?.versionId).toBe('1');
    expect(validateResource(version.resource)).toEqual([]);
    expect((await audits()).map((a) => [a.action, a.entity?.[0]?.what?.reference])).toEqual([
      ['C', `Patient/${version.id}`],
    ]);
    expect(delivered.map((d) => d.event.action)).toEqual(['CreateResource']);
    expect(delivered[0]?.event.filterData).toMatchObject({
      name: expect.arrayContaining(['amelia', 'hart']) as unknown,
      birthdate: ['2015-03-04'],
    });
  });

  it('refuses invalid resources with every issue, and bodies of another type', async () => {
    const { service, ctx } = setup();
    const err = await thrown(() => service.create(ctx, 'Patient', { ...patient, birthDate: '3/4/15', gender: 'x' }));
    expect([err.status, err.issues?.map((i) => i.code)]).toEqual([400, ['INVALID_VALUE', 'INVALID_BIRTH_DATE']]);
    expect((await thrown(() => service.create(ctx, 'Patient', { resourceType: 'Location' }))).status).toBe(400);
    expect((await thrown(() => service.create(ctx, 'Patient', [patient]))).status).toBe(400);
  });

  it('updates, refuses a stale If-Match, and enforces the change rules', async () => {
    const { service, ctx } = setup();
    const { version } = await service.create(ctx, 'Patient', { ...patient, meta: { tag: [TEST_RESOURCE_TAG] } });
    const id = version.id;
    expect(
      (await service.update(ctx, 'Patient', id, { ...patient, meta: { tag: [TEST_RESOURCE_TAG] } }, '1')).version
        .versionId,
    ).toBe('2');
    await expect(service.update(ctx, 'Patient', id, patient, '1')).rejects.toThrow(VersionConflictError);
    const err = await thrown(() => service.update(ctx, 'Patient', id, patient, undefined));
    expect(err.issues?.[0]?.message).toBe('Cannot remove test resource tag');
    expect(
      (await thrown(() => service.update(ctx, 'Patient', id, { ...patient, id: 'other' }, undefined))).status,
    ).toBe(400);
  });

  it('marks patients created while onboarding as test patients (spec 000 §4)', async () => {
    const { service, ctx } = setup({ isOnboarding: true, writeBlocked: () => null });
    expect((await service.create(ctx, 'Patient', patient)).version.resource?.meta?.tag).toContainEqual(
      TEST_RESOURCE_TAG,
    );
    expect(
      (await service.update(ctx, 'Patient', 'pat-new', patient, undefined)).version.resource?.meta?.tag,
    ).toContainEqual(TEST_RESOURCE_TAG);
  });

  it.each(['EDITING_PREVENTED', 'SUBSCRIPTION_NOT_OK'] as const)(
    'blocks every write the policy refuses with 423 %s, not reads',
    async (reason) => {
      const open = setup();
      const id = (await open.service.create(open.ctx, 'Patient', patient)).version.id;
      const { service, ctx, store } = setup({ isOnboarding: false, writeBlocked: () => reason });
      await store.write({ orgId: ctx.orgId, resource: { ...patient, id } }, '2026-11-21T09:00:00.000Z');
      for (const write of [
        () => service.create(ctx, 'Patient', patient),
        () => service.update(ctx, 'Patient', id, patient, undefined),
        () => service.delete(ctx, 'Patient', id, undefined),
      ]) {
        const err = await thrown(write);
        expect([err.status, err.code]).toEqual([423, reason]);
      }
      expect((await service.read(ctx, 'Patient', id)).id).toBe(id);
    },
  );

  it('[SUB2] asks the policy about a PUT as a new resource only when the id is new', async () => {
    const asked: { type: string; isNew: boolean }[] = [];
    const { service, ctx } = setup({
      isOnboarding: false,
      writeBlocked: (w) => (asked.push(w), w.isNew && w.type === 'Patient' ? 'TRIAL_ENDED' : null),
    });
    const err = await thrown(() => service.update(ctx, 'Patient', 'pat-new', patient, undefined));
    expect([err.status, err.code, err.message]).toEqual([423, 'TRIAL_ENDED', TRIAL_ENDED_MESSAGE]);
    const obs = (await service.create(ctx, 'Observation', observation)).version.id;
    await service.update(ctx, 'Observation', obs, { ...observation, id: obs }, undefined);
    await service.delete(ctx, 'Observation', obs, undefined);
    expect(asked).toEqual([
      { type: 'Patient', isNew: true },
      { type: 'Observation', isNew: true },
      { type: 'Observation', isNew: false },
      { type: 'Observation', isNew: false },
    ]);
  });

  it('refuses writing audit events through the API', async () => {
    const { service, ctx } = setup();
    expect((await thrown(() => service.create(ctx, 'AuditEvent', { resourceType: 'AuditEvent' }))).status).toBe(405);
  });

  it('deletes once (410 afterwards), publishes DeleteResource with the last filter data, keeps the history', async () => {
    const { service, ctx, delivered } = setup();
    const id = (await service.create(ctx, 'Patient', patient)).version.id;
    expect((await service.delete(ctx, 'Patient', id, undefined))?.deleted).toBe(true);
    expect(await service.delete(ctx, 'Patient', id, undefined)).toBeNull();
    expect((await thrown(() => service.read(ctx, 'Patient', id))).status).toBe(410);
    expect((await thrown(() => service.delete(ctx, 'Patient', 'pat-never', undefined))).status).toBe(404);
    const last = delivered.at(-1)!.event;
    expect([last.action, last.resourcesJSON, last.filterData.name]).toEqual([
      'DeleteResource',
      '[]',
      expect.arrayContaining(['amelia']),
    ]);
    const history = await service.history(ctx, 'Patient', id, new URLSearchParams());
    expect(history.entry?.map((e) => [e.request?.method, e.response?.status])).toEqual([
      ['DELETE', '204'],
      ['POST', '201'],
    ]);
    expect((await thrown(() => service.readVersion(ctx, 'Patient', id, '2'))).status).toBe(410);
    expect((await service.readVersion(ctx, 'Patient', id, '1')).resource?.id).toBe(id);
  });

  it(`pages searches by ${APPOINTMENT_PAGE_COUNT} by default with next, first and previous links`, async () => {
    const { service, ctx, audits } = setup();
    for (let i = 0; i < 55; i += 1) {
      const appointment: Appointment = {
        resourceType: 'Appointment',
        status: 'booked',
        start: '2026-11-21T10:00:00Z',
        end: '2026-11-21T11:00:00Z',
        participant: [{ actor: { reference: `Patient/pat-${i}` }, status: 'accepted' }],
      };
      await service.create(ctx, 'Appointment', appointment);
    }
    const first = await service.search(ctx, 'Appointment', new URLSearchParams('status=booked&token=secret'));
    expect([first.total, first.entry?.length]).toEqual([55, 50]);
    expect(first.link?.map((l) => l.relation)).toEqual(['self', 'first', 'next']);
    expect(first.link?.find((l) => l.relation === 'next')?.url).toBe(
      'http://x/api/fhir/main-street/Appointment?status=booked&_count=50&_offset=50',
    );
    const second = await service.search(ctx, 'Appointment', new URLSearchParams('status=booked&_offset=50'));
    expect(second.entry).toHaveLength(5);
    expect(second.link?.map((l) => l.relation)).toEqual(['self', 'first', 'previous']);
    expect((await service.search(ctx, 'Appointment', new URLSearchParams('_count=5000'))).entry).toHaveLength(55);
    expect((await thrown(() => service.search(ctx, 'Appointment', new URLSearchParams('_count=-1')))).status).toBe(400);
    const descriptions = (await audits()).filter((a) => a.action === 'E').map((a) => a.entity?.at(-1)?.description);
    expect(descriptions).toContain('Appointment?status=booked');
    expect(descriptions.some((d) => d?.includes('secret'))).toBe(false);
  });

  it('audits a write in the write’s transaction (rolled back with it) as the context’s user, and a failed read not at all', async () => {
    const { store, service, ctx, audits } = setup();
    const failed = store.transaction(async () => {
      await service.create(ctx, 'Patient', patient);
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    expect(await audits()).toEqual([]);
    expect((await store.search('main-street', 'Patient', [], { offset: 0, count: 10 })).items).toEqual([]);
    expect((await thrown(() => service.read(ctx, 'Patient', 'pat-missing'))).status).toBe(404);
    expect(await audits()).toEqual([]);

    const { version } = await service.create(ctx, 'Patient', patient);
    const written = (await audits()).map((a) => ({
      code: a.subtype?.[0]?.code,
      user: a.agent[0]?.who?.identifier?.value,
      ip: a.agent[0]?.network?.address,
      site: a.source.site,
      tags: a.meta?.tag?.map((t) => t.code),
      entities: a.entity?.map((e) => e.what?.reference),
    }));
    expect(written).toEqual([
      {
        code: 'create',
        user: 'usr-1',
        ip: '10.0.0.1',
        site: 'main-street',
        tags: ['main-street'],
        entities: [`Patient/${version.id}`],
      },
    ]);
  });

  it('does not audit reading practitioners, locations or audit events', async () => {
    const { service, ctx, audits } = setup();
    const loc = (await service.create(ctx, 'Location', { resourceType: 'Location', name: 'Office' })).version.id;
    await service.read(ctx, 'Location', loc);
    await service.search(ctx, 'AuditEvent', new URLSearchParams());
    expect(await audits()).toHaveLength(0);
  });
});

describe('parseIfMatch', () => {
  it.each([
    ['W/"3"', '3'],
    ['"3"', '3'],
    ['3', '3'],
    ['', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (header, version) => {
    expect(parseIfMatch(header)).toBe(version);
  });
});

describe('FhirService on arbitrary input (property)', () => {
  it('answers any JSON body with a valid stored resource, a 400 or the server-owned 403, never a crash', async () => {
    const types = ['Patient', 'Location', 'Appointment', 'Observation', 'Composition', 'Contract'] as const;
    const fields = fc.dictionary(
      fc.constantFrom(
        'name',
        'status',
        'participant',
        'component',
        'position',
        'meta',
        'extension',
        'birthDate',
        'code',
        'partOf',
        'subject',
        'id',
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...types), fields, async (type, body) => {
        const { service, ctx } = setup();
        try {
          const { version } = await service.create(ctx, type, { ...body, resourceType: type });
          expect(validateResource(version.resource)).toEqual([]);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          // 403 only for what a client never writes ([SG2]: a Contract, a final document, a signature).
          const { status, code } = err as AppError;
          expect(status === 400 || (status === 403 && code === 'NOT_AUTHORIZED')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
