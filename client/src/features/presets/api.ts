import type { PresetSaveOwnerType, PresetView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The presets calls (issue 39; spec 002 §3 "Create preset payload: name, macro, ownerId,
 * ownerType. Update preset payload: id, name, macro."): the macro travels as JSON text.
 */

export type { PresetView };

const FIELDS = 'id name ownerType ownerId ownerName macroJSON editable updated';
const PAGE = 200;

/** Every preset the office may use (its own, its users', its parents' office presets), a page at a time. */
export async function fetchPresets(orgId: string): Promise<PresetView[]> {
  const all: PresetView[] = [];
  let after: string | null = null;
  for (;;) {
    const data: { presets: PresetView[] } = await graphql<{ presets: PresetView[] }>(
      `query Presets($orgId: String, $first: Int, $after: String) { presets(orgId: $orgId, first: $first, after: $after) { ${FIELDS} } }`,
      { orgId, first: PAGE, after },
    );
    all.push(...data.presets);
    if (data.presets.length < PAGE) return all;
    after = data.presets[data.presets.length - 1]!.id;
  }
}

export interface NewPreset {
  name: string;
  macro: unknown;
  ownerType: PresetSaveOwnerType;
  ownerId: string | null;
}

export async function createPreset(orgId: string, p: NewPreset): Promise<PresetView> {
  const data = await graphql<{ createPreset: PresetView }>(
    `mutation CreatePreset($orgId: String, $name: String!, $macro: String!, $ownerType: String!, $ownerId: String) {
      createPreset(orgId: $orgId, name: $name, macro: $macro, ownerType: $ownerType, ownerId: $ownerId) { ${FIELDS} } }`,
    { orgId, name: p.name, macro: JSON.stringify(p.macro), ownerType: p.ownerType, ownerId: p.ownerId },
  );
  return data.createPreset;
}

export async function updatePreset(orgId: string, id: string, name: string, macro: unknown): Promise<PresetView> {
  const data = await graphql<{ updatePreset: PresetView }>(
    `mutation UpdatePreset($orgId: String, $id: String!, $name: String!, $macro: String!) {
      updatePreset(orgId: $orgId, id: $id, name: $name, macro: $macro) { ${FIELDS} } }`,
    { orgId, id, name, macro: JSON.stringify(macro) },
  );
  return data.updatePreset;
}

export async function deletePreset(orgId: string, id: string): Promise<string> {
  const data = await graphql<{ deletePreset: string }>(
    'mutation DeletePreset($orgId: String, $id: String!) { deletePreset(orgId: $orgId, id: $id) }',
    { orgId, id },
  );
  return data.deletePreset;
}

/** The team's preset migration: gives a preset to a member of the office (user) or to the office (org). */
export async function movePreset(
  orgId: string,
  id: string,
  owner: { ownerType: 'user' | 'org'; ownerId: string | null },
): Promise<PresetView> {
  const data = await graphql<{ movePreset: PresetView }>(
    `mutation MovePreset($orgId: String, $id: String!, $ownerType: String!, $ownerId: String) {
      movePreset(orgId: $orgId, id: $id, ownerType: $ownerType, ownerId: $ownerId) { ${FIELDS} } }`,
    { orgId, id, ...owner },
  );
  return data.movePreset;
}

/** The office's members the migration may give a preset to (the team reads them as it administers every office). */
export async function fetchMembers(orgId: string): Promise<{ userId: string; name: string; email: string }[]> {
  const data = await graphql<{ orgMembers: { userId: string; name: string; email: string }[] }>(
    'query PresetMembers($orgId: String) { orgMembers(orgId: $orgId, first: 200) { userId name email } }',
    { orgId },
  );
  return data.orgMembers;
}
