import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ANESTHESIA_RECORD_TYPE,
  COMPOSITION_EXTENSIONS,
  HEALTH_HISTORY_TYPE,
  canonicalJson,
  contentHash,
  validateResource,
  type Composition,
} from '@vigil/shared';
import { createLogger } from '../log.js';
import type { OrgPolicy } from '../access/index.js';
import type { DeliveredEvent } from '../fhir/live-events.js';
import { memoryFhirStores } from '../fhir/memory-feed.js';
import { FhirService } from '../fhir/service.js';
import {
  CASE_DATA_EXTENSION,
  caseDataAttachment,
  compositionProjector,
  withCaseData,
  withHealthHistory,
} from './projection.js';
import { encodeCaseData } from './case-check.js';

const record: Composition = {
  resourceType: 'Composition',
  status: 'preliminary',
  type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
  subject: { reference: 'Patient/pat-1' },
  date: '2026-11-21T10:00:00Z',
  author: [{ reference: 'Practitioner/prc-1' }],
  title: 'Anesthesia record',
  extension: [{ url: COMPOSITION_EXTENSIONS.healthHistory, valueReference: { reference: 'Composition/cmp-h1' } }],
};

const content = { procedure: 'Extraction #14', vitalsRecords: [{ hr: 72, spo2: 99 }], asaClassification: '2' };

function decode(c: Composition): unknown {
  const attachment = caseDataAttachment(c);
  if (!attachment) throw new Error('no caseData');
  return JSON.parse(Buffer.from(attachment.data, 'base64').toString('utf8'));
}

describe('withCaseData (the Composition projection of a case document)', () => {
  it('carries the canonical JSON, its size and its SHA-1 (the contentHash digest) as an attachment', () => {
    const hash = contentHash(content);
    const projected = withCaseData(record, content, hash)!;
    const attachment = caseDataAttachment(projected)!;
    const bytes = Buffer.from(attachment.data, 'base64');
    expect(attachment.contentType).toBe('application/json');
    expect(bytes.toString('utf8')).toBe(canonicalJson(content));
    expect(attachment.size).toBe(bytes.byteLength);
    expect(attachment.hash).toBe(createHash('sha1').update(bytes).digest('base64'));
    expect(Buffer.from(attachment.hash, 'base64').toString('hex')).toBe(hash);
    expect(validateResource(projected)).toEqual([]);
  });

  it('keeps the other extensions and replaces an older projection', () => {
    const first = withCaseData(record, content, contentHash(content))!;
    const changed = { ...content, procedure: 'Extraction #15' };
    const second = withCaseData(first, changed, contentHash(changed))!;
    expect(second.extension!.map((e) => e.url)).toEqual([COMPOSITION_EXTENSIONS.healthHistory, CASE_DATA_EXTENSION]);
    expect(decode(second)).toEqual(changed);
  });

  it('returns null when the Composition already holds this content (no new version)', () => {
    const first = withCaseData(record, content, contentHash(content))!;
    expect(withCaseData(first, content, contentHash(content))).toBeNull();
  });
});

describe('compositionProjector', () => {
  function setup(policy: OrgPolicy = { isOnboarding: false, writeBlocked: () => null }) {
    const { store, events } = memoryFhirStores();
    const service = new FhirService({ store, now: () => Date.UTC(2026, 10, 21, 9), orgPolicy: () => policy });
    const delivered: DeliveredEvent[] = [];
    events.subscribe('main-street', (e) => delivered.push(e));
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('debug', {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    } as unknown as NodeJS.WritableStream);
    const project = compositionProjector({
      service,
      store,
      log,
      encoder: { encode: (c) => Promise.resolve(encodeCaseData(c)) },
    });
    const address = { orgId: 'main-street', docId: 'cmp-A1b2C3d4E5f6G7', name: 'main-street/cmp-A1b2C3d4E5f6G7' };
    const ctx = { orgId: 'main-street', userId: 'usr-1', ip: null, baseUrl: '' };
    return { store, service, delivered, lines, project, address, ctx };
  }

  it('writes the content onto the Composition whose id is the document id, as a new audited version', async () => {
    const { store, service, delivered, project, address, ctx } = setup();
    await service.update(ctx, 'Composition', address.docId, { ...record, id: address.docId }, undefined);
    project({ address, content, hash: contentHash(content), userId: 'usr-2' });
    // Encoded in the worker thread: nothing written until it answers.
    expect((await store.read('main-street', 'Composition', address.docId))!.versionId).toBe('1');
    await project.idle();
    const stored = (await store.read('main-street', 'Composition', address.docId))!;
    expect(stored.versionId).toBe('2');
    expect(decode(stored.resource as Composition)).toEqual(content);
    // Byte-identical to the attachment built on the event loop.
    expect(caseDataAttachment(stored.resource as Composition)).toEqual(
      caseDataAttachment(withCaseData(record, content, contentHash(content))!),
    );
    expect(delivered.at(-1)?.event.action).toBe('UpdateResource');
    const audits = (await store.search('main-street', 'AuditEvent', [], { offset: 0, count: 100 })).items;
    expect(JSON.stringify(audits)).toContain('usr-2');

    // The same content again writes nothing.
    project({ address, content, hash: contentHash(content), userId: 'usr-2' });
    await project.idle();
    expect((await store.read('main-street', 'Composition', address.docId))!.versionId).toBe('2');
  });

  it('does nothing (a debug line) when the organisation has no Composition with that id', async () => {
    const { store, service, project, address, lines } = setup();
    await service.update(
      { orgId: 'elsewhere', userId: 'usr-9', ip: null, baseUrl: '' },
      'Composition',
      address.docId,
      { ...record, id: address.docId },
      undefined,
    );
    project({ address, content, hash: contentHash(content), userId: 'usr-1' });
    await project.idle();
    expect(await store.read('main-street', 'Composition', address.docId)).toBeNull();
    expect(
      caseDataAttachment((await store.read('elsewhere', 'Composition', address.docId))!.resource as Composition),
    ).toBe(undefined);
    expect(lines.some((l) => l.level === 20 && String(l.msg).includes('no Composition'))).toBe(true);
  });

  it('never throws: a refused write (editing blocked) is logged and the Composition kept', async () => {
    const { store, project, address, lines } = setup({ isOnboarding: false, writeBlocked: () => 'EDITING_PREVENTED' });
    await store.write({ orgId: 'main-street', resource: { ...record, id: address.docId } }, '2026-11-21T09:00:00Z');
    expect(() => project({ address, content, hash: contentHash(content), userId: 'usr-1' })).not.toThrow();
    await expect(project.idle()).resolves.toBeUndefined();
    expect((await store.read('main-street', 'Composition', address.docId))!.versionId).toBe('1');
    expect(lines.some((l) => l.level === 40 && String(l.msg).includes('could not project'))).toBe(true);
  });

  it('writes projections in the order they were started, the newest content last', async () => {
    const { store, service, project, address, ctx } = setup();
    await service.update(ctx, 'Composition', address.docId, { ...record, id: address.docId }, undefined);
    const contents = [1, 2, 3].map((n) => ({ ...content, note: `save ${n}` }));
    for (const c of contents) project({ address, content: c, hash: contentHash(c), userId: 'usr-2' });
    await project.idle();
    const stored = (await store.read('main-street', 'Composition', address.docId))!;
    expect(stored.versionId).toBe('4');
    expect(decode(stored.resource as Composition)).toEqual(contents[2]);
  });

  it('uses the encoder it is given, and a failed encoding is logged without a new version', async () => {
    const { store, service, address, ctx, lines } = setup();
    const log = createLogger('debug', {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    } as unknown as NodeJS.WritableStream);
    const project = compositionProjector({
      service,
      store,
      log,
      encoder: { encode: () => Promise.reject(new Error('worker gone')) },
    });
    await service.update(ctx, 'Composition', address.docId, { ...record, id: address.docId }, undefined);
    project({ address, content, hash: contentHash(content), userId: 'usr-2' });
    await project.idle();
    expect((await store.read('main-street', 'Composition', address.docId))!.versionId).toBe('1');
    expect(lines.some((l) => l.level === 50 && String(l.msg).includes('could not project'))).toBe(true);
  });

  it('projects the case’s healthHistoryId (spec 001 §3) onto the record’s health-history extension: only one of the organisation’s histories', async () => {
    const { store, service, project, address, ctx } = setup();
    const bare: Composition = { ...record, id: address.docId, extension: [] };
    await service.update(ctx, 'Composition', address.docId, bare, undefined);
    const history: Composition = {
      ...record,
      type: { coding: [{ ...HEALTH_HISTORY_TYPE }] },
      title: 'Health History',
      extension: [],
    };
    await service.update(ctx, 'Composition', 'cmp-hhx-own', { ...history, id: 'cmp-hhx-own' }, undefined);
    await service.update(
      { ...ctx, orgId: 'elsewhere' },
      'Composition',
      'cmp-hhx-other',
      { ...history, id: 'cmp-hhx-other' },
      undefined,
    );
    await service.update(ctx, 'Composition', 'cmp-record-2', { ...bare, id: 'cmp-record-2' }, undefined);
    const used = (healthHistoryId: string) => ({ ...content, healthHistoryId });
    const historyRef = async () =>
      ((await store.read('main-street', 'Composition', address.docId))!.resource as Composition).extension?.find(
        (e) => e.url === COMPOSITION_EXTENSIONS.healthHistory,
      )?.valueReference;

    // Another organisation's history, an anesthesia record and an unknown id are never named.
    for (const id of ['cmp-hhx-other', 'cmp-record-2', 'cmp-missing']) {
      project({ address, content: used(id), hash: contentHash(used(id)), userId: 'usr-1' });
      await project.idle();
      expect(await historyRef()).toBeUndefined();
    }
    project({ address, content: used('cmp-hhx-own'), hash: contentHash(used('cmp-hhx-own')), userId: 'usr-1' });
    await project.idle();
    expect(await historyRef()).toEqual({ reference: 'Composition/cmp-hhx-own' });
    const stored = (await store.read('main-street', 'Composition', address.docId))!.resource as Composition;
    expect(decode(stored)).toEqual(used('cmp-hhx-own'));
    expect(validateResource(stored)).toEqual([]);
  });

  it('replaces an earlier health-history extension in place', () => {
    const named = withHealthHistory(record, 'cmp-h2')!;
    expect(named.extension).toEqual([
      { url: COMPOSITION_EXTENSIONS.healthHistory, valueReference: { reference: 'Composition/cmp-h2' } },
    ]);
    expect(withHealthHistory(named, 'cmp-h2')).toBeNull();
  });
});
