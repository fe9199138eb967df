/**
 * Issue 36 item 2, against the real server: audit is part of the request pipeline. Each audited
 * operation below (configuration changes and reads of patient or signed-report data) leaves its
 * record, read back through the audit store (the sealed hash chain the auditor's `audit-check`
 * walks), naming who, what and from where; the same call refused leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStores } from '../utils/stores.js';
import type { Browser } from './accounts-client.js';
import { formsWorldWith, type FormsWorld } from './forms-helpers.js';
import { eventually } from '../utils/yjs-clients.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorldWith('auditpipe', ['policies', 'drugInventory']);
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

interface Row {
  action: string;
  userId: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

/** Every sealed account/organisation audit record, oldest first, read through the audit store. */
async function trail(): Promise<Row[]> {
  return withStores(w.server.dataDir, async ({ audit: store }) => {
    const rows: Row[] = [];
    for (const link of await store.links()) {
      if (link.source !== 'audit_events') continue;
      const content = await store.content(link.source, link.sourceRow);
      if (content === null) continue;
      // The sealed content of an account/organisation record: its columns, in order.
      const [, , userId, , action, , ip, , detail] = JSON.parse(content) as (string | number | null)[];
      rows.push({
        action: String(action),
        userId: (userId as string | null) ?? null,
        ip: (ip as string | null) ?? null,
        detail: detail == null ? {} : (JSON.parse(String(detail)) as Record<string, unknown>),
      });
    }
    return rows;
  });
}

async function gql<T>(browser: Browser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await browser.gql<T>(query, variables);
  if (r.code) throw new Error(r.code);
  return r.data!;
}

const policy = (ruleType: string): string =>
  `mutation { setPolicy(orgId: "office", ruleSubject: anesthesiaRecord, ruleType: "${ruleType}", ruleValue: "warn") { id ruleType } }`;
const preset = (name: string): string =>
  `mutation { createPreset(orgId: "office", name: "${name}", macro: "{\\"values\\":{\\"sedationLevel\\":\\"moderate\\"}}", ownerType: "org") { id } }`;
const textForm = (name: string): string =>
  `mutation { createTextBodyForm(orgId: "office", properties: { name: "${name}", markdown: "Read me." }) { id name } }`;

/**
 * Every audited operation: how the admin runs it, the record it must leave (action, what the
 * detail names), and how a caller who may not is refused without a record.
 */
const OPERATIONS: {
  name: string;
  action: string;
  run: () => Promise<Record<string, unknown>>;
  /** Who the record names, when not the admin (or, for reads, the member). */
  by?: () => string;
  refused?: { who: () => FormsWorld['admin']; query: string; code: string; names: Record<string, unknown> };
}[] = [
  {
    name: 'a sign-off policy set',
    action: 'policySet',
    run: async () => (
      await gql(w.admin.browser, policy('SO3')),
      { orgId: 'office', ruleType: 'SO3', ruleValue: 'warn' }
    ),
    refused: { who: () => w.otherAdmin, query: policy('SO5'), code: 'NOT_AUTHORIZED', names: { ruleType: 'SO5' } },
  },
  {
    name: 'a sign-off policy deleted',
    action: 'policyDeleted',
    run: async () => {
      const set = await gql<{ setPolicy: { id: string; ruleType: string }[] }>(w.admin.browser, policy('SO4'));
      const id = set.setPolicy.find((p) => p.ruleType === 'SO4')!.id;
      await gql(w.admin.browser, 'mutation ($id: String!) { deletePolicy(orgId: "office", id: $id) { id } }', { id });
      return { orgId: 'office', id, ruleType: 'SO4' };
    },
  },
  {
    name: 'a form created',
    action: 'orgFormCreated',
    run: async () => (
      await gql(w.admin.browser, textForm('Audited consent')),
      { orgId: 'office', name: 'Audited consent' }
    ),
    refused: {
      who: () => w.member,
      query: textForm('Refused consent'),
      code: 'NOT_AUTHORIZED',
      names: { name: 'Refused consent' },
    },
  },
  {
    name: 'a form changed and deleted',
    action: 'orgFormDeleted',
    run: async () => {
      const made = await gql<{ createTextBodyForm: { id: string; name: string }[] }>(
        w.admin.browser,
        textForm('Short-lived'),
      );
      const formId = made.createTextBodyForm.find((f) => f.name === 'Short-lived')!.id;
      await gql(
        w.admin.browser,
        'mutation ($id: String!) { updateTextBodyForm(orgId: "office", formId: $id, properties: { name: "Short-lived", markdown: "v2" }) { id } }',
        { id: formId },
      );
      await gql(w.admin.browser, 'mutation ($id: String!) { deleteOrgForm(orgId: "office", formId: $id) { id } }', {
        id: formId,
      });
      await eventually(async () => {
        expect((await trail()).filter((r) => r.action === 'orgFormUpdated' && r.detail.formId === formId)).toHaveLength(
          1,
        );
      });
      return { orgId: 'office', formId };
    },
  },
  {
    name: 'a preset created',
    action: 'presetCreated',
    run: async () => (
      await gql(w.admin.browser, preset('Audited preset')),
      { orgId: 'office', name: 'Audited preset', ownerKind: 'org' }
    ),
    refused: {
      who: () => w.otherAdmin,
      query: preset('Refused preset'),
      code: 'NOT_AUTHORIZED',
      names: { name: 'Refused preset' },
    },
  },
  {
    name: 'a preset changed and deleted',
    action: 'presetDeleted',
    run: async () => {
      const made = await gql<{ createPreset: { id: string } }>(w.admin.browser, preset('Short-lived preset'));
      const presetId = made.createPreset.id;
      await gql(
        w.admin.browser,
        'mutation ($id: String!) { updatePreset(orgId: "office", id: $id, name: "Short-lived preset", macro: "{}") { id } }',
        { id: presetId },
      );
      await gql(w.admin.browser, 'mutation ($id: String!) { deletePreset(orgId: "office", id: $id) }', {
        id: presetId,
      });
      await eventually(async () => {
        expect(
          (await trail()).filter((r) => r.action === 'presetUpdated' && r.detail.presetId === presetId),
        ).toHaveLength(1);
      });
      return { orgId: 'office', presetId };
    },
  },
  {
    name: 'a preset moved by the team',
    action: 'presetMoved',
    by: () => w.uber.userId,
    run: async () => {
      const made = await gql<{ createPreset: { id: string } }>(w.admin.browser, preset('Moved preset'));
      const presetId = made.createPreset.id;
      await gql(
        w.uber.browser,
        'mutation ($id: String!, $u: String) { movePreset(orgId: "office", id: $id, ownerType: "user", ownerId: $u) { id } }',
        { id: presetId, u: w.admin.userId },
      );
      return {
        orgId: 'office',
        presetId,
        from: { ownerKind: 'org', ownerId: null },
        to: { ownerKind: 'user', ownerId: w.admin.userId },
      };
    },
    refused: {
      who: () => w.admin,
      query: 'mutation { movePreset(orgId: "office", id: "pre-none", ownerType: "org") { id } }',
      code: 'NOT_AUTHORIZED',
      names: { presetId: 'pre-none' },
    },
  },
  {
    name: 'a drug inventory created',
    action: 'inventoryCreated',
    run: async () => {
      await gql(
        w.admin.browser,
        'mutation { createInventory(orgId: "office", input: { name: "Pipeline safe", kind: "safe" }) { id } }',
      );
      return { orgId: 'office', name: 'Pipeline safe' };
    },
    refused: {
      who: () => w.member,
      query: 'mutation { createInventory(orgId: "office", input: { name: "Refused safe", kind: "safe" }) { id } }',
      code: 'NOT_AUTHORIZED',
      names: { name: 'Refused safe' },
    },
  },
  {
    // Issue 39: the office's checklists a new case starts with.
    name: 'an office checklist saved',
    action: 'orgChecklistSet',
    run: async () => {
      await gql(
        w.admin.browser,
        'mutation { setOrgChecklist(orgId: "office", kind: preOpChecklist, items: ["Consent signed"]) { preOpChecklist } }',
      );
      return { orgId: 'office', kind: 'preOpChecklist', items: ['Consent signed'] };
    },
    refused: {
      who: () => w.member,
      query: 'mutation { setOrgChecklist(orgId: "office", kind: optChecks, items: ["Refused check"]) { optChecks } }',
      code: 'NOT_AUTHORIZED',
      names: { kind: 'optChecks' },
    },
  },
  {
    name: 'the pre-op list’s review period saved',
    action: 'preopSettingsSet',
    run: async () => {
      await gql(w.admin.browser, 'mutation { setPreopSettings(orgId: "office", reviewDays: 14) { reviewDays } }');
      return { orgId: 'office', reviewDays: 14 };
    },
    refused: {
      who: () => w.member,
      query: 'mutation { setPreopSettings(orgId: "office", reviewDays: 9) { reviewDays } }',
      code: 'NOT_AUTHORIZED',
      names: { reviewDays: 9 },
    },
  },
  {
    // Issue 39: the office's drug list (customize-drugs).
    name: 'the office’s drug list saved',
    action: 'officeDrugsSet',
    run: async () => {
      await gql(
        w.admin.browser,
        'mutation { setOfficeDrugs(orgId: "office", drugs: [{ id: "triazolam", category: "oral", name: "", custom: false, unit: "mg", routes: ["SL"], commonDoses: [0.25] }]) { drugs { id } } }',
      );
      return {
        orgId: 'office',
        drugs: [
          {
            id: 'triazolam',
            category: 'oral',
            name: 'Triazolam',
            custom: false,
            unit: 'mg',
            routes: ['SL'],
            commonDoses: [0.25],
            maximum: null,
          },
        ],
      };
    },
    refused: {
      who: () => w.member,
      query: 'mutation { setOfficeDrugs(orgId: "office", drugs: []) { drugs { id } } }',
      code: 'NOT_AUTHORIZED',
      names: { orgId: 'office' },
    },
  },
  {
    name: 'a member’s roles changed',
    action: 'orgRolesChanged',
    run: async () => {
      const { orgMembers } = await gql<{ orgMembers: { id: string; userId: string }[] }>(
        w.admin.browser,
        'query { orgMembers(orgId: "office") { id userId } }',
      );
      const memberId = orgMembers.find((m) => m.userId === w.member.userId)!.id;
      await gql(
        w.admin.browser,
        'mutation ($m: ID!) { updateMemberRoles(orgId: "office", memberId: $m, roles: ["member", "provider"]) { id } }',
        { m: memberId },
      );
      return { orgId: 'office', memberId, after: ['member', 'provider'] };
    },
  },
  {
    name: 'signed reports read (report review)',
    action: 'reportRead',
    run: async () => {
      await gql(w.member.browser, 'query { finalizedReports(orgId: "office") { pdfId } }');
      return { query: 'finalizedReports', orgId: 'office' };
    },
    refused: {
      who: () => w.otherAdmin,
      query: 'query { finalizedReports(orgId: "office") { pdfId } }',
      code: 'NOT_AUTHORIZED',
      names: { query: 'finalizedReports' },
    },
  },
  {
    // Recorded whether or not the case is signed: the read asked about a case's signed report.
    name: 'a case’s signed report read',
    action: 'reportRead',
    run: async () => {
      await gql(
        w.member.browser,
        'query { caseSignedReport(orgId: "office", compositionId: "audited-case") { pdfId } }',
      );
      return { query: 'caseSignedReport', orgId: 'office', compositionId: 'audited-case' };
    },
    refused: {
      who: () => w.otherAdmin,
      query: 'query { caseSignedReport(orgId: "office", compositionId: "refused-case") { pdfId } }',
      code: 'NOT_AUTHORIZED',
      names: { query: 'caseSignedReport', compositionId: 'refused-case' },
    },
  },
];

describe('every audited operation leaves its record through the audit pipeline (issue 36 item 2)', () => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))('records %s', async (_, op) => {
    const names = await op.run();
    await eventually(async () => {
      const rows = (await trail()).filter((r) => r.action === op.action);
      const mine = rows.filter((r) =>
        Object.entries(names).every(([k, v]) => JSON.stringify(r.detail[k]) === JSON.stringify(v)),
      );
      expect(mine).toHaveLength(1);
      const who = op.by?.() ?? (op.action === 'reportRead' ? w.member.userId : w.admin.userId);
      expect(mine[0]!.userId).toBe(who);
      expect(mine[0]!.ip).not.toBeNull();
    });
  });

  it.each(OPERATIONS.filter((op) => op.refused).map((op) => [op.name, op] as const))(
    'records nothing when %s is refused',
    async (_, op) => {
      const { who, query, code, names } = op.refused!;
      expect((await who().browser.gql(query)).code).toBe(code);
      // The refused call ran before this one: once the later record is sealed, the refused one would be too.
      await gql(w.admin.browser, policy('SO9'));
      await eventually(async () => {
        const rows = await trail();
        expect(rows.some((r) => r.action === 'policySet' && r.detail.ruleType === 'SO9')).toBe(true);
        const leaked = rows.filter(
          (r) =>
            r.action === op.action &&
            r.userId === who().userId &&
            Object.entries(names).every(([k, v]) => r.detail[k] === v),
        );
        expect(leaked).toEqual([]);
      });
    },
  );
});
