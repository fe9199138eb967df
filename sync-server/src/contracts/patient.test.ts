import { afterEach, describe, expect, it } from 'vitest';
import { encodePng } from '@vigil/shared';
import type { FhirService } from '../fhir/service.js';
import { tokenHash } from '../forms/tasks.js';
import type { Services } from '../services.js';
import { openTestServices } from '../test-services.test-util.js';
import { SqlitePatientLinkStore } from '../store/patient-links/sqlite.js';
import { DEMO_ORGS } from '../demo/seed.js';
import { PatientFormService } from './patient.js';

/*
 * Session 18: submitting a patient's form marks the link used, stores the Contract and the
 * patient's answers in ONE transaction. Before, the link was used first: a failure storing the
 * Contract left a used link and no Contract — the patient's signed answers were lost and the
 * link refused a second try (LINK_USED).
 */
describe('a patient form submission is stored whole or not at all', () => {
  let services: Services;
  let closeServices: () => Promise<void>;

  afterEach(() => closeServices());

  it('leaves the link usable and stores no Contract when storing the Contract fails', async () => {
    ({ services, close: closeServices } = await openTestServices());
    const orgId = DEMO_ORGS.office.id;
    // The demo's sent consent task (forms/demo.ts) gets a link of this test's own.
    const appointment = await services.resources.read(orgId, 'Appointment', 'apt-demo0000000001');
    const patientRef = (appointment!.resource as { participant: { actor?: { reference?: string } }[] }).participant
      .map((p) => p.actor?.reference ?? '')
      .find((r) => r.startsWith('Patient/'))!;
    const links = new SqlitePatientLinkStore(services.db);
    const token = 'a'.repeat(43);
    const now = services.now();
    await links.create({
      tokenHash: tokenHash(token),
      orgId,
      taskId: 'task-demosent0000',
      appointmentId: 'apt-demo0000000001',
      patientId: patientRef.slice('Patient/'.length),
      createdAt: now,
      expiresAt: now + 60_000,
    });
    const contractsBefore = (await services.resources.search(orgId, 'Contract', [], { offset: 0, count: 100 })).total;

    // Storing the Contract fails (a full disk, a crash) after the link was marked used.
    const failing = new Proxy(services.fhir, {
      get(target, prop, receiver): unknown {
        if (prop === 'create')
          return (_ctx: unknown, type: string) =>
            type === 'Contract' ? Promise.reject(new Error('injected: disk full')) : Promise.reject(new Error(type));
        return Reflect.get(target, prop, receiver);
      },
    });
    const signature = `data:image/png;base64,${Buffer.from(encodePng(200, 60, () => [20, 20, 20])).toString('base64')}`;
    const patient = await services.resources.read(orgId, 'Patient', patientRef.slice('Patient/'.length));
    const birthDate = (patient!.resource as { birthDate: string }).birthDate;
    const body = { accepted: true, birthDate, values: { signerName: 'Ada Patient', signature } };
    const patientForms = (fhir: FhirService): PatientFormService =>
      new PatientFormService({
        links,
        forms: services.forms,
        tasks: services.tasks,
        fhir,
        orgs: services.orgStore,
        store: services.resources,
        now: services.now,
      });

    await expect(patientForms(failing).submit(token, body, null)).rejects.toThrow('injected: disk full');
    expect((await links.find(tokenHash(token)))?.usedAt).toBeNull();
    expect((await services.resources.search(orgId, 'Contract', [], { offset: 0, count: 100 })).total).toBe(
      contractsBefore,
    );

    // The patient sends again: stored, and the link is used.
    const { contractId } = await patientForms(services.fhir).submit(token, body, null);
    expect((await services.resources.read(orgId, 'Contract', contractId))?.resource?.resourceType).toBe('Contract');
    expect((await links.find(tokenHash(token)))?.usedAt).not.toBeNull();
  });
});
