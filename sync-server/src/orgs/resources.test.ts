import { describe, expect, it } from 'vitest';
import {
  BAA_CONTRACT_ID,
  BAA_DOCUMENT,
  baaContract,
  ORG_TAG_SYSTEM,
  type AuditEvent,
  type Practitioner,
} from '@vigil/shared';
import type { OrgPolicy } from '../access/index.js';
import type { DeliveredEvent } from '../fhir/live-events.js';
import { memoryFhirStores } from '../fhir/memory-feed.js';
import { FhirService } from '../fhir/service.js';
import { ORG_SYSTEM_USER, serverResources } from './resources.js';

const ORG = 'smile';
const AT = '2026-11-22T02:00:00.000Z';

function setup(policy: OrgPolicy = { isOnboarding: false, writeBlocked: () => 'EDITING_PREVENTED' }) {
  const { store, changes, events } = memoryFhirStores();
  const fhir = new FhirService({ store, now: () => Date.parse(AT), orgPolicy: () => policy });
  const delivered: DeliveredEvent[] = [];
  events.subscribe(ORG, (e) => delivered.push(e));
  return { store, changes, delivered, resources: serverResources({ fhir, store }) };
}

const practitioner = (active: boolean): Practitioner & { id: string } => ({
  resourceType: 'Practitioner',
  id: 'prc-abc',
  active,
  name: [{ text: 'Dr. Ana Núñez' }],
});

const contract = baaContract({
  orgId: ORG,
  memberId: 'prc-abc',
  document: BAA_DOCUMENT,
  values: { companyName: 'Smile Dental PC', name: 'Dr. Ana Núñez', title: 'Owner' },
  signaturePath: 'M 10 10 L 50 60',
  time: AT,
});

describe("the organisations' FHIR resources go through the one write path (issue 36 item 3)", () => {
  it('announces a write only once it committed, and nothing of a rolled-back one', async () => {
    const { store, delivered, resources } = setup();
    await expect(
      store.transaction(async () => {
        await resources.write(ORG, practitioner(true), AT, 'server');
        // Published before the commit, as before issue 36, this would already be here.
        expect(delivered).toEqual([]);
        throw new Error('membership change failed');
      }),
    ).rejects.toThrow('membership change failed');
    expect(delivered).toEqual([]);
    expect(await resources.read(ORG, 'Practitioner', 'prc-abc')).toBeNull();
    await resources.write(ORG, practitioner(true), AT, 'server');
    await resources.write(ORG, practitioner(false), AT, 'server');
    expect(delivered.map((d) => d.event.action)).toEqual(['CreateResource', 'UpdateResource']);
  });

  it('records the change in the feed, versioned, with the organisation tag, whatever the editing policy', async () => {
    const { changes, resources, store } = setup();
    await resources.write(ORG, practitioner(true), AT, 'server');
    const stored = (await store.read(ORG, 'Practitioner', 'prc-abc'))!;
    expect(stored.versionId).toBe('1');
    expect(stored.resource!.meta?.tag).toEqual([{ system: ORG_TAG_SYSTEM, code: ORG }]);
    expect((await changes.read(0, 10)).map((c) => c.kind)).toEqual(['resource']);
  });

  it('audits the signed BAA (patient data: a Contract) as the server, which was never audited before', async () => {
    const { store, resources } = setup();
    await resources.write(ORG, contract, AT, 'signer');
    const audits = (await store.search(ORG, 'AuditEvent', [], { offset: 0, count: 10 })).items as AuditEvent[];
    expect(audits).toHaveLength(1);
    expect(audits[0]!.entity?.[0]?.what?.reference).toBe(`Contract/${BAA_CONTRACT_ID}`);
    expect(JSON.stringify(audits[0]!.agent)).toContain(ORG_SYSTEM_USER);
  });

  it('refuses a resource that does not validate, writing nothing', async () => {
    const { changes, resources } = setup();
    await expect(
      resources.write(ORG, { resourceType: 'Practitioner', id: 'prc-x', active: 'yes' } as never, AT, 'server'),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await changes.read(0, 10)).toEqual([]);
  });
});
