/**
 * Issue 36 item 2, against the real server: the settings that change what a clinician may sign
 * or chart join the organisation's audit trail. A sign-off policy set and deleted, a form created,
 * changed and deleted, and a drug inventory created each leave a record naming who, what and from
 * where, read back through the audit store (the sealed hash chain), as the auditor's check reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStores } from '../utils/stores.js';
import type { Browser } from './accounts-client.js';
import { formsWorldWith, type FormsWorld } from './forms-helpers.js';
import { eventually } from '../utils/yjs-clients.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorldWith('cfgaudit', ['policies', 'drugInventory']);
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

async function gql<T>(browser: Browser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await browser.gql<T>(query, variables);
  if (r.code) throw new Error(r.code);
  return r.data!;
}

interface AuditRow {
  action: string;
  user_id: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

/** The organisation trail's sealed records of these actions, oldest first, read through the audit store. */
async function sealed(actions: readonly string[]): Promise<AuditRow[]> {
  return withStores(w.server.dataDir, async ({ audit: store }) => {
    const rows: AuditRow[] = [];
    for (const link of await store.links()) {
      if (link.source !== 'audit_events') continue;
      // The sealed content of an account/organisation row: its columns, in order.
      const content = await store.content(link.source, link.sourceRow);
      if (content === null) continue;
      const [, , userId, , action, , ip, , detail] = JSON.parse(content) as (string | number | null)[];
      if (!actions.includes(String(action))) continue;
      rows.push({
        action: String(action),
        user_id: (userId as string | null) ?? null,
        ip: (ip as string | null) ?? null,
        detail: JSON.parse(String(detail)) as Record<string, unknown>,
      });
    }
    return rows;
  });
}

describe('configuration changes are audited (issue 36 item 2)', () => {
  it('records a sign-off policy set and deleted, with what it said', async () => {
    const set = await gql<{ setPolicy: { id: string; ruleType: string }[] }>(
      w.admin.browser,
      `mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "SO3", ruleValue: "block",
        relevantSedationLevels: ["moderate"]) { id ruleType } }`,
    );
    const id = set.setPolicy.find((p) => p.ruleType === 'SO3')!.id;
    await gql(w.admin.browser, 'mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }', { id });
    await eventually(async () => {
      const rows = await sealed(['policySet', 'policyDeleted']);
      expect(rows.map((r) => r.action)).toEqual(['policySet', 'policyDeleted']);
      expect(rows[0]!.user_id).toBe(w.admin.userId);
      expect(rows[0]!.detail).toMatchObject({
        orgId: 'office',
        ruleType: 'SO3',
        ruleValue: 'block',
        relevantSedationLevels: ['moderate'],
      });
      expect(rows[1]!.detail).toMatchObject({ orgId: 'office', id, ruleType: 'SO3', ruleValue: 'block' });
    });
  });

  it('records nothing for a refused policy change (another organisation’s admin)', async () => {
    const r = await w.otherAdmin.browser.gql(
      `mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "SO5", ruleValue: "block") { id } }`,
    );
    expect(r.code).toBe('NOT_AUTHORIZED');
    const rows = await sealed(['policySet']);
    expect(rows.filter((row) => row.detail.ruleType === 'SO5')).toEqual([]);
  });

  it('records a form created, changed and deleted, with its text', async () => {
    const fields = 'id name';
    const made = await gql<{ createTextBodyForm: { id: string; name: string }[] }>(
      w.admin.browser,
      `mutation ($p: TextBodyFormProperties!) { createTextBodyForm(orgId: "office", properties: $p) { ${fields} } }`,
      { p: { name: 'Sedation consent', markdown: 'I agree to moderate sedation.' } },
    );
    const formId = made.createTextBodyForm.find((f) => f.name === 'Sedation consent')!.id;
    await gql(
      w.admin.browser,
      `mutation ($id: String!, $p: TextBodyFormProperties!) { updateTextBodyForm(orgId: "office", formId: $id, properties: $p) { ${fields} } }`,
      { id: formId, p: { name: 'Sedation consent', markdown: 'I agree to moderate or deep sedation.' } },
    );
    await gql(w.admin.browser, `mutation ($id: String!) { deleteOrgForm(orgId: "office", formId: $id) { id } }`, {
      id: formId,
    });
    await eventually(async () => {
      const rows = (await sealed(['orgFormCreated', 'orgFormUpdated', 'orgFormDeleted'])).filter(
        (r) => r.detail.formId === formId,
      );
      expect(rows.map((r) => r.action)).toEqual(['orgFormCreated', 'orgFormUpdated', 'orgFormDeleted']);
      expect(JSON.stringify(rows[0]!.detail)).toContain('I agree to moderate sedation.');
      expect(JSON.stringify(rows[1]!.detail)).toContain('I agree to moderate or deep sedation.');
      expect(rows.every((r) => r.user_id === w.admin.userId && r.detail.orgId === 'office')).toBe(true);
    });
  });

  it('records a drug inventory created', async () => {
    const made = await gql<{ createInventory: { id: string } }>(
      w.admin.browser,
      'mutation { createInventory(orgId: "office", input: { name: "Audited safe", kind: "safe" }) { id } }',
    );
    await eventually(async () => {
      const rows = await sealed(['inventoryCreated']);
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'inventoryCreated',
          user_id: w.admin.userId,
          detail: { orgId: 'office', inventoryId: made.createInventory.id, name: 'Audited safe', kind: 'safe' },
        }),
      ]);
    });
  });
});
