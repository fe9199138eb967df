/**
 * Issue 39, against the real server: the office's drug list (/org/{orgId}/customize-drugs; shared
 * OD1–OD4). `office` is overseen by the parent organisation `group`; `elsewhere` is an unrelated
 * office. Its members read the list with the parent's, which reaches them read-only; whoever
 * administers the office replaces it; another office, a member, a caller without a session are
 * refused; an own drug without a name is MISSING_DRUG_NAME; each save is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStores } from '../utils/stores.js';
import { eventually } from '../utils/yjs-clients.js';
import { formsWorld, needs, FORM_ROLES, type FormsWorld } from './forms-helpers.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorld({ prefix: 'office-drugs', formBuilder: false });
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

const DRUG = 'id category name custom unit routes commonDoses maximum { unit perKg absolute source }';
const VIEW = `drugs { ${DRUG} } inherited { ${DRUG} } inheritedFrom editable`;
const READ = `query ($orgId: String) { officeDrugs(orgId: $orgId) { ${VIEW} } }`;
const SAVE = `mutation ($orgId: String, $drugs: [OfficeDrugInput!]!) { setOfficeDrugs(orgId: $orgId, drugs: $drugs) { ${VIEW} } }`;

interface Drug {
  id: string;
  category: string;
  name: string;
  custom: boolean;
  unit: string | null;
  routes: string[];
  commonDoses: number[];
  maximum: { unit: string; perKg: number | null; absolute: number | null; source: string } | null;
}
interface View {
  drugs: Drug[];
  inherited: Drug[];
  inheritedFrom: string[];
  editable: boolean;
}

const triazolam: Drug = {
  id: 'triazolam',
  category: 'oral',
  name: 'Triazolam',
  custom: false,
  unit: 'mg',
  routes: ['SL'],
  commonDoses: [0.25],
  maximum: null,
};
const remimazolam: Drug = {
  id: '',
  category: 'parenteral',
  name: 'Remimazolam',
  custom: true,
  unit: 'mg',
  routes: ['IV'],
  commonDoses: [2.5, 5],
  maximum: { unit: 'mg', perKg: null, absolute: 20, source: 'Byfavo label: up to 20 mg in a procedure' },
};

async function read(role: keyof FormsWorld['browsers'], orgId = 'office'): Promise<View> {
  const r = await w.browsers[role].gql<{ officeDrugs: View }>(READ, { orgId });
  expect(r.code).toBeUndefined();
  return r.data!.officeDrugs;
}

/** The organisation trail's sealed records of officeDrugsSet, oldest first. */
async function sealed(): Promise<{ userId: string | null; detail: Record<string, unknown> }[]> {
  return withStores(w.server.dataDir, async ({ audit: store }) => {
    const rows = [];
    for (const link of await store.links()) {
      if (link.source !== 'audit_events') continue;
      const content = await store.content(link.source, link.sourceRow);
      if (content === null) continue;
      const [, , userId, , act, , , , detail] = JSON.parse(content) as (string | number | null)[];
      if (act !== 'officeDrugsSet') continue;
      rows.push({
        userId: (userId as string | null) ?? null,
        detail: JSON.parse(String(detail)) as Record<string, unknown>,
      });
    }
    return rows;
  });
}

describe('the office’s drug list (issue 39, customize-drugs)', () => {
  it('answers an empty list to an office that never saved one', async () => {
    expect(await read('member')).toEqual({ drugs: [], inherited: [], inheritedFrom: [], editable: false });
    expect((await read('admin')).editable).toBe(true);
  });

  it('lets the office’s admin save its drugs first and its own drug, which members read; audited', async () => {
    const r = await w.admin.browser.gql<{ setOfficeDrugs: View }>(SAVE, {
      orgId: 'office',
      drugs: [triazolam, remimazolam],
    });
    expect(r.code).toBeUndefined();
    expect(r.data!.setOfficeDrugs.drugs).toEqual([triazolam, { ...remimazolam, id: 'custom-remimazolam' }]);
    expect((await read('member')).drugs.map((d) => d.id)).toEqual(['triazolam', 'custom-remimazolam']);
    await eventually(async () => {
      const rows = await sealed();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.userId).toBe(w.admin.userId);
      expect(rows[0]!.detail).toMatchObject({ orgId: 'office' });
    });
  });

  it('refuses an own drug without a name with MISSING_DRUG_NAME and keeps the list', async () => {
    const before = await read('admin');
    const r = await w.admin.browser.gql(SAVE, { orgId: 'office', drugs: [{ ...remimazolam, name: '  ' }] });
    expect(r.code).toBe('MISSING_DRUG_NAME');
    expect(await read('admin')).toEqual(before);
  });

  it('refuses a maximum on a catalogue drug: the catalogue’s limits stay the source', async () => {
    const r = await w.admin.browser.gql(SAVE, {
      orgId: 'office',
      drugs: [{ ...triazolam, maximum: { unit: 'mg', perKg: null, absolute: 5, source: 'Office' } }],
    });
    expect(r.code).toBe('INVALID_INPUT');
  });

  it.each(FORM_ROLES.map((role) => [role, needs(['admin', 'parentAdmin'])[role]] as const))(
    'answers %s saving the office’s list: %s',
    async (role, expected) => {
      const r = await w.browsers[role].gql(SAVE, { orgId: 'office', drugs: [triazolam, remimazolam] });
      expect(r.code ?? 'ok').toBe(expected);
    },
  );

  it.each(FORM_ROLES.map((role) => [role, needs(['member', 'admin', 'parentAdmin'])[role]] as const))(
    'answers %s reading the office’s list: %s',
    async (role, expected) => {
      const r = await w.browsers[role].gql(READ, { orgId: 'office' });
      expect(r.code ?? 'ok').toBe(expected);
    },
  );

  it('gives the child the parent’s list read-only: read after its own, not writable from the child', async () => {
    const diazepam = { ...triazolam, id: 'diazepam', name: 'Diazepam', commonDoses: [5] };
    const saved = await w.parentAdmin.browser.gql(SAVE, { orgId: 'group', drugs: [diazepam, triazolam] });
    expect(saved.code).toBeUndefined();
    const child = await read('admin');
    expect(child.drugs.map((d) => d.id)).toEqual(['triazolam', 'custom-remimazolam']);
    // The parent's triazolam is the office's own already; its diazepam reaches the office.
    expect(child.inherited.map((d) => d.id)).toEqual(['diazepam']);
    expect(child.inheritedFrom).toEqual(['Smile Group']);
    // The office's admin cannot change the parent's list, nor read it there.
    expect((await w.admin.browser.gql(SAVE, { orgId: 'group', drugs: [] })).code).toBe('NOT_AUTHORIZED');
    expect((await w.admin.browser.gql(READ, { orgId: 'group' })).code).toBe('NOT_AUTHORIZED');
    expect((await read('parentAdmin', 'group')).drugs.map((d) => d.id)).toEqual(['diazepam', 'triazolam']);
  });
});
