/**
 * Presets (issue 39; spec 002 §3 "Preset (macro)", §6) against the real server: `office` is
 * overseen by the parent organisation `group`; `elsewhere` is an unrelated office. Each call is
 * refused without a session, for another organisation's administrator, and for someone who does
 * not own the preset; a macro that fails the case-data schema is refused with what is wrong; a
 * parent's preset reaches the child read-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { formsWorld, type FormsWorld } from './forms-helpers.js';

let w: FormsWorld;

beforeAll(async () => {
  w = await formsWorld({ prefix: 'presets', formBuilder: false });
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

const FIELDS = 'id name ownerType ownerId ownerName macroJSON editable updated';
const CREATE = `mutation ($o: String, $n: String!, $m: String!, $t: String!, $u: String) {
  createPreset(orgId: $o, name: $n, macro: $m, ownerType: $t, ownerId: $u) { ${FIELDS} } }`;
const CHANGE = `mutation ($o: String, $id: String!, $n: String!, $m: String!) {
  updatePreset(orgId: $o, id: $id, name: $n, macro: $m) { ${FIELDS} } }`;
const DELETE = 'mutation ($o: String, $id: String!) { deletePreset(orgId: $o, id: $id) }';
const LIST = `query ($o: String, $first: Int, $after: String) { presets(orgId: $o, first: $first, after: $after) { ${FIELDS} } }`;

interface PresetView {
  id: string;
  name: string;
  ownerType: string;
  ownerId: string;
  ownerName: string;
  macroJSON: string;
  editable: boolean;
}

const MODERATE = JSON.stringify({
  values: { sedationLevel: 'moderate', procedureNotes: 'Routine extractions' },
  parenDrugs: [{ drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: 5 }],
});

async function create(
  browser: Browser,
  vars: { o?: string; n: string; m?: string; t: string; u?: string },
): Promise<{ code: string | undefined; preset: PresetView | undefined }> {
  const r = await browser.gql<{ createPreset: PresetView }>(CREATE, { o: 'office', m: MODERATE, ...vars });
  return { code: r.code, preset: r.data?.createPreset };
}

async function list(browser: Browser, orgId = 'office'): Promise<PresetView[]> {
  const r = await browser.gql<{ presets: PresetView[] }>(LIST, { o: orgId });
  expect(r.code).toBeUndefined();
  return r.data!.presets;
}

describe('presets: saving and reading', () => {
  it('saves a user’s own preset, which every member of the office sees and only its owner may change', async () => {
    const made = await create(w.member.browser, { n: 'Member moderate', t: 'user' });
    expect(made.code).toBeUndefined();
    expect(made.preset).toMatchObject({
      name: 'Member moderate',
      ownerType: 'user',
      ownerId: w.member.userId,
      editable: true,
    });
    expect(JSON.parse(made.preset!.macroJSON)).toMatchObject({ values: { sedationLevel: 'moderate' }, iv: null });
    const seenByAdmin = (await list(w.admin.browser)).find((p) => p.id === made.preset!.id);
    expect(seenByAdmin).toMatchObject({ ownerType: 'otherUser', ownerId: w.member.userId, editable: false });
    // Not even the office's administrator changes or deletes a user's preset (spec 002 §6).
    const vars = { o: 'office', id: made.preset!.id, n: 'Hijacked', m: MODERATE };
    expect((await w.admin.browser.gql(CHANGE, vars)).code).toBe('NOT_AUTHORIZED');
    expect((await w.admin.browser.gql(DELETE, { o: 'office', id: made.preset!.id })).code).toBe('NOT_AUTHORIZED');
    const renamed = await w.member.browser.gql<{ updatePreset: PresetView }>(CHANGE, { ...vars, n: 'Renamed' });
    expect(renamed.data?.updatePreset.name).toBe('Renamed');
  });

  it('links a preset saved on behalf of another member to that member: only they change or delete it', async () => {
    const made = await create(w.member.browser, { n: 'For the admin', t: 'otherUser', u: w.admin.userId });
    expect(made.preset).toMatchObject({ ownerType: 'otherUser', ownerId: w.admin.userId, editable: false });
    const id = made.preset!.id;
    expect((await w.member.browser.gql(CHANGE, { o: 'office', id, n: 'Mine now', m: MODERATE })).code).toBe(
      'NOT_AUTHORIZED',
    );
    expect((await w.member.browser.gql(DELETE, { o: 'office', id })).code).toBe('NOT_AUTHORIZED');
    expect((await list(w.admin.browser)).find((p) => p.id === id)).toMatchObject({ ownerType: 'user', editable: true });
    const gone = await w.admin.browser.gql<{ deletePreset: string }>(DELETE, { o: 'office', id });
    expect(gone.data?.deletePreset).toBe(id);
    expect((await list(w.admin.browser)).some((p) => p.id === id)).toBe(false);
  });

  it('refuses a preset on behalf of someone who is not a member, and a "user" preset for someone else', async () => {
    expect((await create(w.member.browser, { n: 'Stranger', t: 'otherUser', u: w.otherAdmin.userId })).code).toBe(
      'USER_NOT_FOUND',
    );
    expect((await create(w.member.browser, { n: 'Disguised', t: 'user', u: w.admin.userId })).code).toBe(
      'NOT_AUTHORIZED',
    );
    expect((await create(w.member.browser, { n: 'Parent', t: 'parentOrg' })).code).toBe('INVALID_INPUT');
  });

  it('lets only administrators save, change and delete the office’s presets, which everyone uses', async () => {
    expect((await create(w.member.browser, { n: 'Office by member', t: 'org' })).code).toBe('NOT_AUTHORIZED');
    const made = await create(w.admin.browser, { n: 'Office moderate', t: 'org' });
    expect(made.preset).toMatchObject({ ownerType: 'org', ownerId: 'office', ownerName: 'Bright Smile Dental' });
    expect((await list(w.member.browser)).find((p) => p.id === made.preset!.id)).toMatchObject({
      ownerType: 'org',
      editable: false,
    });
    expect((await w.member.browser.gql(DELETE, { o: 'office', id: made.preset!.id })).code).toBe('NOT_AUTHORIZED');
  });

  it('pages the list: first and after', async () => {
    const all = await list(w.admin.browser);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const first = await w.admin.browser.gql<{ presets: PresetView[] }>(LIST, { o: 'office', first: 1 });
    expect(first.data!.presets.map((p) => p.id)).toEqual([all[0]!.id]);
    const next = await w.admin.browser.gql<{ presets: PresetView[] }>(LIST, {
      o: 'office',
      first: 1,
      after: all[0]!.id,
    });
    expect(next.data!.presets.map((p) => p.id)).toEqual([all[1]!.id]);
  });
});

describe('presets: refusals', () => {
  it('refuses every call without a session', async () => {
    const none = w.browsers.none;
    expect((await none.gql(LIST, { o: 'office' })).code).toBe('NO_AUTHENTICATION');
    expect((await create(none, { n: 'x', t: 'user' })).code).toBe('NO_AUTHENTICATION');
    expect((await none.gql(CHANGE, { o: 'office', id: 'pre-x', n: 'x', m: '{}' })).code).toBe('NO_AUTHENTICATION');
    expect((await none.gql(DELETE, { o: 'office', id: 'pre-x' })).code).toBe('NO_AUTHENTICATION');
  });

  it('refuses every call for another organisation’s administrator, and leaves the preset as it was', async () => {
    const made = await create(w.admin.browser, { n: 'Not yours', t: 'org' });
    const id = made.preset!.id;
    const other = w.otherAdmin.browser;
    expect((await other.gql(LIST, { o: 'office' })).code).toBe('NOT_AUTHORIZED');
    expect((await create(other, { n: 'Intruder', t: 'user' })).code).toBe('NOT_AUTHORIZED');
    expect((await other.gql(CHANGE, { o: 'office', id, n: 'x', m: '{}' })).code).toBe('NOT_AUTHORIZED');
    expect((await other.gql(DELETE, { o: 'office', id })).code).toBe('NOT_AUTHORIZED');
    // Through its own office, the preset is not found there.
    expect((await other.gql(DELETE, { o: 'elsewhere', id })).code).toBe('NOT_FOUND');
    expect((await list(w.admin.browser)).find((p) => p.id === id)?.name).toBe('Not yours');
    expect((await list(other, 'elsewhere')).some((p) => p.id === id)).toBe(false);
  });

  it('refuses a macro that fails the case-data schema, saying where and what', async () => {
    const bad = JSON.stringify({
      values: { sedationLevel: 'heavy' },
      parenDrugs: [{ drugId: 'x', name: '', route: 'IV', unit: 'mg', dose: 1, draw: null }],
    });
    const r = await w.member.browser.gql(CREATE, { o: 'office', n: 'Bad', m: bad, t: 'user' });
    expect(r.code).toBe('INVALID_PRESET_MACRO');
    const issues = (r.errors?.[0] as { extensions?: { issues?: { code: string; message: string }[] } }).extensions
      ?.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'INVALID_VALUE', message: 'values.sedationLevel: Invalid value' }),
        expect.objectContaining({
          code: 'MISSING_DRUG_NAME',
          message: 'parenDrugs.0.name: Every drug used must have a name',
        }),
      ]),
    );
    expect((await w.member.browser.gql(CREATE, { o: 'office', n: 'Not JSON', m: '{', t: 'user' })).code).toBe(
      'INVALID_PRESET_MACRO',
    );
    expect((await list(w.member.browser)).some((p) => p.name === 'Bad' || p.name === 'Not JSON')).toBe(false);
  });
});

describe('presets: a parent organisation’s', () => {
  it('reach the child read-only: listed as parentOrg, not editable, refused PRESET_NOT_EDITABLE', async () => {
    const made = await create(w.parentAdmin.browser, { o: 'group', n: 'Group standard', t: 'org' });
    expect(made.code).toBeUndefined();
    const id = made.preset!.id;
    const seen = (await list(w.member.browser)).find((p) => p.id === id);
    expect(seen).toMatchObject({ ownerType: 'parentOrg', ownerId: 'group', ownerName: 'Smile Group', editable: false });
    for (const browser of [w.member.browser, w.admin.browser]) {
      expect((await browser.gql(CHANGE, { o: 'office', id, n: 'Changed', m: MODERATE })).code).toBe(
        'PRESET_NOT_EDITABLE',
      );
      expect((await browser.gql(DELETE, { o: 'office', id })).code).toBe('PRESET_NOT_EDITABLE');
      expect((await browser.gql(CHANGE, { o: 'group', id, n: 'Changed', m: MODERATE })).code).toBe('NOT_AUTHORIZED');
    }
    expect((await list(w.parentAdmin.browser, 'group')).find((p) => p.id === id)).toMatchObject({
      name: 'Group standard',
      ownerType: 'org',
      editable: true,
    });
  });

  it('keep a parent user’s own presets to the parent', async () => {
    const made = await create(w.parentAdmin.browser, { o: 'group', n: 'Parent admin’s own', t: 'user' });
    expect((await list(w.member.browser)).some((p) => p.id === made.preset!.id)).toBe(false);
  });
});

describe('presets: the team’s preset migration', () => {
  const MOVE = `mutation ($o: String, $id: String!, $t: String!, $u: String) {
    movePreset(orgId: $o, id: $id, ownerType: $t, ownerId: $u) { ${FIELDS} } }`;

  it('lets an internal uber give a member’s preset to another member, who alone may change it then', async () => {
    const made = await create(w.member.browser, { n: 'Moving preset', t: 'user' });
    const id = made.preset!.id;
    expect((await w.admin.browser.gql(MOVE, { o: 'office', id, t: 'user', u: w.admin.userId })).code).toBe(
      'NOT_AUTHORIZED',
    );
    expect((await w.uber.browser.gql(MOVE, { o: 'office', id, t: 'user', u: w.otherAdmin.userId })).code).toBe(
      'USER_NOT_FOUND',
    );
    const moved = await w.uber.browser.gql<{ movePreset: PresetView }>(MOVE, {
      o: 'office',
      id,
      t: 'user',
      u: w.admin.userId,
    });
    expect(moved.data?.movePreset).toMatchObject({ ownerType: 'otherUser', ownerId: w.admin.userId });
    expect((await w.member.browser.gql(CHANGE, { o: 'office', id, n: 'Mine', m: MODERATE })).code).toBe(
      'NOT_AUTHORIZED',
    );
    expect((await list(w.admin.browser)).find((p) => p.id === id)).toMatchObject({ ownerType: 'user', editable: true });
    const toOffice = await w.uber.browser.gql<{ movePreset: PresetView }>(MOVE, { o: 'office', id, t: 'org' });
    expect(toOffice.data?.movePreset).toMatchObject({ ownerType: 'org', ownerId: 'office' });
  });
});
