/**
 * Issue 39, against the real server: the office's checklists (spec 001 §3 preOpChecklist and
 * optChecks; spec 002 §4 checklist form). Its members read them (every tablet seeds new cases from
 * them); whoever administers the office saves them; another office, a member, a caller without a
 * session or without MFA is refused; a list the list textarea would not produce (LT4) is refused;
 * each save leaves an audit record naming who, what and from where, and a refused one leaves none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStores } from '../utils/stores.js';
import { eventually } from '../utils/yjs-clients.js';
import { formsWorld, needs, FORM_ROLES, type FormsWorld } from './forms-helpers.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorld({ prefix: 'checklists', formBuilder: false });
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

const READ = 'query { orgChecklists(orgId: "office") { preOpChecklist optChecks } }';
const SAVE = `mutation ($kind: OrgChecklistKind!, $items: [String!]!, $orgId: String) {
  setOrgChecklist(orgId: $orgId, kind: $kind, items: $items) { preOpChecklist optChecks }
}`;

interface Lists {
  preOpChecklist: string[] | null;
  optChecks: string[] | null;
}

/** The organisation trail's sealed records of these actions, oldest first, read through the audit store. */
async function sealed(
  action: string,
): Promise<{ userId: string | null; ip: string | null; detail: Record<string, unknown> }[]> {
  return withStores(w.server.dataDir, async ({ audit: store }) => {
    const rows = [];
    for (const link of await store.links()) {
      if (link.source !== 'audit_events') continue;
      const content = await store.content(link.source, link.sourceRow);
      if (content === null) continue;
      const [, , userId, , act, , ip, , detail] = JSON.parse(content) as (string | number | null)[];
      if (act !== action) continue;
      rows.push({
        userId: (userId as string | null) ?? null,
        ip: (ip as string | null) ?? null,
        detail: JSON.parse(String(detail)) as Record<string, unknown>,
      });
    }
    return rows;
  });
}

describe('the office’s checklists (issue 39)', () => {
  it('answers no list for an office that never saved one', async () => {
    const r = await w.member.browser.gql<{ orgChecklists: Lists }>(READ);
    expect(r.code).toBeUndefined();
    expect(r.data!.orgChecklists).toEqual({ preOpChecklist: null, optChecks: null });
  });

  it('lets the office’s admin save a list that every member then reads, and audits the save', async () => {
    const items = ['Consent signed', 'Escort present', 'NPO confirmed'];
    const r = await w.admin.browser.gql<{ setOrgChecklist: Lists }>(SAVE, {
      orgId: 'office',
      kind: 'preOpChecklist',
      items,
    });
    expect(r.code).toBeUndefined();
    expect(r.data!.setOrgChecklist).toEqual({ preOpChecklist: items, optChecks: null });
    const read = await w.member.browser.gql<{ orgChecklists: Lists }>(READ);
    expect(read.data!.orgChecklists.preOpChecklist).toEqual(items);
    await eventually(async () => {
      const rows = await sealed('orgChecklistSet');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.userId).toBe(w.admin.userId);
      expect(rows[0]!.ip).not.toBeNull();
      expect(rows[0]!.detail).toEqual({ orgId: 'office', kind: 'preOpChecklist', items });
    });
  });

  it('lets the parent organisation’s admin save the office’s list, replacing the earlier one', async () => {
    const r = await w.parentAdmin.browser.gql<{ setOrgChecklist: Lists }>(SAVE, {
      orgId: 'office',
      kind: 'optChecks',
      items: ['Count sponges'],
    });
    expect(r.code).toBeUndefined();
    const again = await w.parentAdmin.browser.gql<{ setOrgChecklist: Lists }>(SAVE, {
      orgId: 'office',
      kind: 'optChecks',
      items: ['Count sponges', 'Count needles'],
    });
    expect(again.data!.setOrgChecklist.optChecks).toEqual(['Count sponges', 'Count needles']);
  });

  it.each(FORM_ROLES.map((role) => [role, needs(['admin', 'parentAdmin'])[role]] as const))(
    'answers %s saving the office’s list: %s',
    async (role, expected) => {
      const r = await w.browsers[role].gql(SAVE, { orgId: 'office', kind: 'preOpChecklist', items: [`By ${role}`] });
      expect(r.code ?? 'ok').toBe(expected);
    },
  );

  it.each(FORM_ROLES.map((role) => [role, needs(['member', 'admin', 'parentAdmin'])[role]] as const))(
    'answers %s reading the office’s lists: %s',
    async (role, expected) => {
      const r = await w.browsers[role].gql(READ);
      expect(r.code ?? 'ok').toBe(expected);
    },
  );

  it('keeps refused saves out of the list and the audit trail: another office’s admin, a member', async () => {
    const before = (await w.admin.browser.gql<{ orgChecklists: Lists }>(READ)).data!.orgChecklists;
    for (const browser of [w.otherAdmin.browser, w.member.browser]) {
      const r = await browser.gql(SAVE, { orgId: 'office', kind: 'preOpChecklist', items: ['Refused item'] });
      expect(r.code).toBe('NOT_AUTHORIZED');
    }
    expect((await w.admin.browser.gql<{ orgChecklists: Lists }>(READ)).data!.orgChecklists).toEqual(before);
    // A save after the refused ones: once its record is sealed, the refused ones' absence is proven.
    const after = await w.admin.browser.gql(SAVE, { orgId: 'office', kind: 'optChecks', items: ['After refusals'] });
    expect(after.code).toBeUndefined();
    await eventually(async () => {
      const rows = await sealed('orgChecklistSet');
      expect(rows.filter((row) => JSON.stringify(row.detail.items).includes('After refusals'))).toHaveLength(1);
      expect(rows.filter((row) => JSON.stringify(row.detail.items).includes('By '))).toHaveLength(2);
      expect(rows.filter((row) => JSON.stringify(row.detail.items).includes('Refused item'))).toEqual([]);
    });
  });

  it.each([
    ['an empty list', []],
    ['a blank item', ['Consent signed', '']],
    ['an item with its numbering', ['1. Consent signed']],
    ['an item of two lines', ['Consent\nsigned']],
    ['an item over 200 characters', ['x'.repeat(201)]],
    ['more than 100 items', Array.from({ length: 101 }, (_, i) => `Item ${i}`)],
  ])('[LT4] refuses %s as INVALID_INPUT', async (_name, items) => {
    const r = await w.admin.browser.gql(SAVE, { orgId: 'office', kind: 'preOpChecklist', items });
    expect(r.code).toBe('INVALID_INPUT');
  });
});
