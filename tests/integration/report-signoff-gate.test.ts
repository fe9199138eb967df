/**
 * The finalize gate of issue 29, against the real server: the shared sign-off rules run over the
 * server's copy of the case with the organisation's policies; finalize is refused (409
 * SIGNOFF_BLOCKED, the flags as issues) while a blocking flag is open, and accepted once each is
 * overridden with a reason, the overrides stamped by the server, stored in the case and printed.
 * `office` is overseen by the parent `group`; `elsewhere` is an unrelated office.
 */
import { CASE_ROOT, contentHash, type Composition } from '@vigil/shared';
import { CASE_DATA_EXTENSION } from '../../sync-server/src/sync/projection.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { formsWorld, type FormsWorld } from './forms-helpers.js';
import { sudo } from './orgs-helpers.js';
import { chartedCase, pdfText, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { allSaved, connectClient, eventually, synced } from '../utils/yjs-clients.js';

let w: FormsWorld;
let office: OrgMember;
let elsewhere: OrgMember;

beforeAll(async () => {
  w = await formsWorld({ prefix: 'signoff', formBuilder: false });
  await sudo(w.server, w.uber);
  for (const org of ['office', 'elsewhere']) {
    const on = await w.uber.browser.gql(
      `mutation { addOrgFeature(orgId: "${org}", featureName: "policies") { name } }`,
    );
    expect(on.code).toBeUndefined();
  }
  const member = (p: FormsWorld['admin'], orgId: string): OrgMember => ({
    email: p.email,
    orgId,
    token: p.browser.token!,
    browser: p.browser,
  });
  office = member(w.admin, 'office');
  elsewhere = member(w.otherAdmin, 'elsewhere');
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

interface Refusal {
  status: number;
  error?: string;
  issues?: { severity: string; code: string; path: string[]; message: string }[];
}

/** POST /api/finalize and its JSON refusal (issues included), or the NDJSON steps. */
async function tryFinalize(c: ChartedCase, extra: Record<string, unknown> = {}): Promise<Refusal & { pdfId?: string }> {
  const res = await fetch(`${w.server.url}/api/finalize/${c.orgId}/${c.caseId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...c.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ signature: SIGNATURE, contentHash: c.hash(), timeZone: 'UTC', ...extra }),
  });
  const text = await res.text();
  if (res.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { step: string; data?: Record<string, unknown> });
    const last = lines.at(-1);
    return last?.step === 'done'
      ? { status: res.status, pdfId: last.data!.pdfId as string }
      : { status: 500, error: String(last?.data?.code) };
  }
  return { ...(JSON.parse(text) as Refusal), status: res.status };
}

async function gql(browser: Browser, query: string, variables: Record<string, unknown> = {}): Promise<unknown> {
  const r = await browser.gql(query, variables);
  if (r.code) throw new Error(r.code);
  return r.data;
}

const SET = `mutation ($orgId: String, $ruleType: String!, $ruleValue: String!, $levels: [String!]) {
  setPolicy(orgId: $orgId, ruleSubject: anesthesiaRecord, ruleType: $ruleType, ruleValue: $ruleValue,
    relevantSedationLevels: $levels) { id ownerType ownerId ruleType ruleValue relevantSedationLevels editable } }`;

async function storedCase(c: ChartedCase): Promise<Record<string, unknown>> {
  const reader = connectClient(w.server.url, `${c.orgId}/${c.caseId}`, { token: c.member.token });
  try {
    await synced(reader.provider);
    return reader.doc.getMap(CASE_ROOT).toJSON();
  } finally {
    reader.destroy();
  }
}

/**
 * The finalized Composition read through the FHIR API as a client reads it, with the case content
 * its caseData extension carries (base64 of the canonical JSON) and that attachment's hash.
 */
async function signedComposition(
  c: ChartedCase,
): Promise<{ composition: Composition; caseData: Record<string, unknown>; hash: string }> {
  const read = await fhir<Composition>(w.server, c.member.browser, 'GET', `${c.orgId}/Composition/${c.caseId}`);
  expect(read.status).toBe(200);
  const attachment = read.body.extension?.find((e) => e.url === CASE_DATA_EXTENSION)?.valueAttachment as
    { data: string; hash: string } | undefined;
  expect(attachment).toBeDefined();
  return {
    composition: read.body,
    caseData: JSON.parse(Buffer.from(attachment!.data, 'base64').toString('utf8')) as Record<string, unknown>,
    hash: attachment!.hash,
  };
}

async function pdfTextOf(c: ChartedCase, pdfId: string): Promise<string> {
  const binary = await fhir<{ data: string }>(w.server, c.member.browser, 'GET', `${c.orgId}/Binary/${pdfId}`);
  expect(binary.status).toBe(200);
  return pdfText(new Uint8Array(Buffer.from(binary.body.data, 'base64')));
}

describe('the finalize gate (issue 29; spec 001 §6, §7)', () => {
  it('[PO7] refuses 409 SIGNOFF_BLOCKED with the open flags, then signs with overrides the server stamps, stores and prints', async () => {
    const c = await chartedCase(w.server, office);
    try {
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(refused.error).toBe('SIGNOFF_BLOCKED');
      const codes = refused.issues!.map((i) => i.code);
      // [PO3] With no policy written, the missing-record flags block: the case has no ASA class,
      // no discharge score, no final room-air SpO2 and no signature.
      expect(codes).toEqual(expect.arrayContaining(['SO1', 'SO7', 'SO8', 'SO9']));
      const asa = refused.issues!.find((i) => i.code === 'SO1')!;
      expect(asa).toEqual({
        severity: 'error',
        code: 'SO1',
        path: ['SO1', 'asaClassification'],
        message: 'The ASA classification is not recorded.',
      });

      // Overriding all but one still refuses, naming only the one left.
      const keys = refused.issues!.map((i) => i.path[0]!);
      const overrides = keys.map((flagKey) => ({ flagKey, reason: `  Reviewed ${flagKey} with the patient  ` }));
      const partly = await tryFinalize(c, { overrides: overrides.slice(1) });
      expect(partly.status).toBe(409);
      expect(partly.issues!.map((i) => i.path[0])).toEqual([keys[0]]);

      // A reason that is blank, too long, or an override carrying its own user is refused (PO6).
      for (const bad of [
        [{ flagKey: keys[0], reason: '   ' }],
        [{ flagKey: keys[0], reason: 'x'.repeat(501) }],
        [{ flagKey: keys[0], reason: 'ok', userId: 'someone-else', name: 'Forged Name' }],
      ]) {
        expect(await tryFinalize(c, { overrides: bad })).toMatchObject({ status: 400, error: 'INVALID_OVERRIDE' });
      }

      const before = Date.now();
      const signed = await tryFinalize(c, { overrides });
      expect(signed.status).toBe(200);

      // The overrides are in the stored case, stamped by the server (the signer's own user id).
      const stored = await storedCase(c);
      const written = stored.signoffOverrides as Record<string, unknown>[];
      expect(written.map((o) => o.flagKey)).toEqual(keys);
      expect(written[0]).toMatchObject({
        flagId: refused.issues![0]!.code,
        message: refused.issues![0]!.message,
        reason: `Reviewed ${keys[0]} with the patient`,
        userId: w.admin.userId,
      });
      expect(written[0]!.time as number).toBeGreaterThanOrEqual(before);
      expect(typeof written[0]!.name).toBe('string');

      // The signed record's FHIR form carries them too: the finalized Composition, read through the
      // FHIR API, holds in its caseData the very content of the stored case (its hash is the case
      // document's content hash, base64), overrides with flag key, reason, user and time included.
      const signedCmp = await signedComposition(c);
      expect(signedCmp.composition.status).toBe('final');
      expect(signedCmp.hash).toBe(Buffer.from(contentHash(stored), 'hex').toString('base64'));
      const inFhir = signedCmp.caseData.signoffOverrides as Record<string, unknown>[];
      expect(inFhir).toEqual(written);
      expect(inFhir[0]).toMatchObject({
        flagKey: keys[0],
        reason: `Reviewed ${keys[0]} with the patient`,
        userId: w.admin.userId,
        name: written[0]!.name,
        time: written[0]!.time,
      });

      // And printed in the PDF: the section, the flag, the reason and the user.
      const text = await pdfTextOf(c, signed.pdfId!);
      expect(text).toContain('Sign-off overrides');
      expect(text).toContain('The ASA classification is not recorded.');
      expect(text).toContain('Reviewed SO1 with the patient');
      expect(text).toContain(written[0]!.name as string);
    } finally {
      c.client.destroy();
    }
  }, 120_000);

  it('[PO5] a policy of another organisation has no effect; a warn-only flag never blocks', async () => {
    // elsewhere turns every rule off for itself: office is not affected.
    for (const rule of ['SO1', 'SO2', 'SO3', 'SO4', 'SO5', 'SO6', 'SO7', 'SO8', 'SO9']) {
      await gql(elsewhere.browser, SET, { orgId: 'elsewhere', ruleType: rule, ruleValue: 'off' });
    }
    // An office policy cannot be written by elsewhere's admin.
    const foreign = await elsewhere.browser.gql(SET, { orgId: 'office', ruleType: 'SO1', ruleValue: 'off' });
    expect(foreign.code).toBe('NOT_AUTHORIZED');
    const c = await chartedCase(w.server, office);
    try {
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(refused.issues!.map((i) => i.code)).toContain('SO1');

      // office makes every open flag warn-only: finalize is accepted with no override and no overrides section.
      const open = [...new Set(refused.issues!.map((i) => i.code))];
      for (const rule of open) await gql(office.browser, SET, { orgId: 'office', ruleType: rule, ruleValue: 'warn' });
      const signed = await tryFinalize(c);
      expect(signed.status).toBe(200);
      expect((await storedCase(c)).signoffOverrides).toBeUndefined();
      expect((await signedComposition(c)).caseData).not.toHaveProperty('signoffOverrides');
      expect(await pdfTextOf(c, signed.pdfId!)).not.toContain('Sign-off overrides');
    } finally {
      c.client.destroy();
      for (const rule of ['SO1', 'SO2', 'SO3', 'SO4', 'SO5', 'SO6', 'SO7', 'SO8', 'SO9']) {
        const list = (await gql(
          office.browser,
          'query { policies(orgId: "office", ruleSubject: anesthesiaRecord) { id ruleType ownerType } }',
        )) as {
          policies: { id: string; ruleType: string; ownerType: string }[];
        };
        const own = list.policies.find((p) => p.ruleType === rule && p.ownerType === 'org');
        if (own)
          await gql(office.browser, 'mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }', {
            id: own.id,
          });
      }
    }
  }, 120_000);

  it('[PO5] with the policies flag off nothing blocks: the flags only warn', async () => {
    const plain = await orgMember(w.server.url);
    const c = await chartedCase(w.server, plain);
    try {
      const signed = await tryFinalize(c);
      expect(signed.status).toBe(200);
    } finally {
      c.client.destroy();
    }
  }, 120_000);

  it('[PO4] a policy for other sedation levels leaves the default; a client-written override list is replaced', async () => {
    // Warn on SO1 only for deep and GA: this moderate case still blocks on SO1.
    await gql(office.browser, SET, { orgId: 'office', ruleType: 'SO1', ruleValue: 'warn', levels: ['deep', 'ga'] });
    const c = await chartedCase(w.server, office);
    try {
      // A client writes an "override" into the case itself: it overrides nothing.
      c.client.doc
        .getMap(CASE_ROOT)
        .set('signoffOverrides', [
          { flagKey: 'SO1', flagId: 'SO1', reason: 'forged', userId: 'x', name: 'Forged', time: 1 },
        ]);
      await allSaved(c.client.provider);
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(refused.issues!.map((i) => i.code)).toContain('SO1');
      const overrides = refused.issues!.map((i) => ({ flagKey: i.path[0], reason: 'Checked' }));
      const signed = await tryFinalize(c, { overrides });
      expect(signed.status).toBe(200);
      const written = (await storedCase(c)).signoffOverrides as Record<string, unknown>[];
      expect(written.map((o) => o.reason)).not.toContain('forged');
      expect(written.map((o) => o.name)).not.toContain('Forged');
      // The signed Composition carries the server's list, not the forged one.
      const inFhir = (await signedComposition(c)).caseData.signoffOverrides as Record<string, unknown>[];
      expect(inFhir).toEqual(written);
    } finally {
      c.client.destroy();
    }
  }, 120_000);
});

describe('one limit set for the tracker and the gate (issue 29, LA19)', () => {
  it('[LA19] the server gate checks the AAPD limits an adult’s case was charted against, from its own copy', async () => {
    const c = await chartedCase(w.server, office);
    try {
      // Ada is 36, 70 kg, no height: 9 cartridges of lidocaine 1:100,000 = 324 mg. Manufacturer (her age default)
      // min(500, 7 × 70 = 490) mg: 66.2 %; AAPD min(300, 4.4 × 70 = 308) = 300 mg: 108 %.
      c.client.doc.transact(() => {
        const root = c.client.doc.getMap(CASE_ROOT);
        root.set('weight', { value: 70, raw: '70 kg' });
        root.set('localDoses', [
          {
            id: 'l1',
            drugVariantId: 'lidocaine-epi100',
            time: c.start + 10 * 60_000,
            amount: 9,
            unit: 'cartridges',
            mg: 324,
            epiMg: 0.162,
          },
        ]);
      });
      await eventually(() => expect(c.client.provider.status.status).toBe('synced'), 15_000);
      const local = (r: Refusal): string[] =>
        (r.issues ?? []).filter((i) => i.path[0] === 'SO13:local:lidocaine').map((i) => i.message);
      const first = await tryFinalize(c);
      // Refused for the case's missing records (ASA, discharge score…), not for a stale hash; no lidocaine flag.
      expect(first.error).toBe('SIGNOFF_BLOCKED');
      expect(local(first)).toEqual([]);

      // The provider charted this case against AAPD in the tracker (kept in the case): the gate checks it too.
      c.client.doc.getMap(CASE_ROOT).set('localAnestheticLimits', 'aapd');
      await eventually(() => expect(c.client.provider.status.status).toBe('synced'), 15_000);
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(local(refused)).toEqual([
        'Lidocaine is at 108 % of its maximum dose (pediatric dentistry (AAPD) limits).',
      ]);
    } finally {
      c.client.destroy();
    }
  }, 120_000);
});

describe('policies (issue 29; spec 001 §7): a parent sets them for its children', () => {
  it('lists the office’s own then the parent’s, read-only to the office; the parent’s warn applies to its child', async () => {
    const parentSet = (await gql(w.parentAdmin.browser, SET, {
      orgId: 'group',
      ruleType: 'SO8',
      ruleValue: 'warn',
      levels: ['moderate'],
    })) as { setPolicy: { id: string; ownerType: string; editable: boolean }[] };
    const parentPolicy = parentSet.setPolicy.find((p) => p.ownerType === 'org')!;
    const list = (await gql(
      w.member.browser,
      'query { policies(orgId: "office", ruleSubject: anesthesiaRecord) { id ownerType ownerId ruleSubject ruleType ruleValue relevantSedationLevels editable } }',
    )) as { policies: Record<string, unknown>[] };
    expect(list.policies).toContainEqual({
      id: parentPolicy.id,
      ownerType: 'parent',
      ownerId: 'group',
      ruleSubject: 'anesthesiaRecord',
      ruleType: 'SO8',
      ruleValue: 'warn',
      relevantSedationLevels: ['moderate'],
      editable: false,
    });
    // The office cannot delete its parent's policy; a member cannot write one.
    const del = await w.admin.browser.gql('mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }', {
      id: parentPolicy.id,
    });
    expect(del.code).toBe('POLICY_NOT_EDITABLE');
    expect((await w.member.browser.gql(SET, { orgId: 'office', ruleType: 'SO1', ruleValue: 'off' })).code).toBe(
      'NOT_AUTHORIZED',
    );
    // An unknown rule or value is refused at the edge.
    expect((await w.admin.browser.gql(SET, { orgId: 'office', ruleType: 'SO99', ruleValue: 'off' })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await w.admin.browser.gql(SET, { orgId: 'office', ruleType: 'SO1', ruleValue: 'maybe' })).code).toBe(
      'INVALID_INPUT',
    );

    // The parent's warn on SO8 reaches the office's gate: SO8 no longer blocks a moderate case.
    const c = await chartedCase(w.server, office);
    try {
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(refused.issues!.map((i) => i.code)).not.toContain('SO8');
      expect(refused.issues!.map((i) => i.code)).toContain('SO1');
    } finally {
      c.client.destroy();
    }
  }, 120_000);
});
