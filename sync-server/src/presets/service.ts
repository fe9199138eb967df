import {
  INVALID_PRESET_MACRO,
  newId,
  PRESET_LIMITS,
  PRESET_SAVE_OWNER_TYPES,
  validatePresetMacro,
  type PresetMacro,
  type PresetOwnerType,
  type PresetView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import { orgFor } from '../orgs/authorize.js';
import { parse, refuse } from '../orgs/common.js';
import { ownAndInherited } from '../orgs/inherited.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PresetRecord, PresetStore } from '../store/presets/types.js';

export interface PresetsDeps {
  presets: PresetStore;
  orgs: Pick<OrgStore, 'org' | 'parentsOf' | 'members' | 'memberByUser'>;
  access: OrgAccess;
  now: () => number;
}

/** A preset as GraphQL answers it: shared views/presets.ts. */
export type { PresetView };

const presetId = z.string().trim().min(1).max(64);
const presetName = z.string().trim().min(1).max(PRESET_LIMITS.name);
const createInput = z.object({
  name: presetName,
  ownerType: z.enum(PRESET_SAVE_OWNER_TYPES),
  ownerId: z.string().trim().max(64).nullish(),
});
const updateInput = z.object({ id: presetId, name: presetName });
const moveInput = z.object({
  id: presetId,
  ownerType: z.enum(['user', 'org']),
  ownerId: z.string().trim().max(64).nullish(),
});

/**
 * Presets (macros; spec 002 §2 "Presets", §3 "Preset", §6): an organisation's presets, its
 * users' and its own, and, read-only, the office presets of its parent organisations. Every member
 * reads and uses them all. [PS8] A user's preset is changed or deleted by that user only (saving
 * on behalf of another member links the preset to that member); the office's (and the demo
 * office's demo presets) by its administrators; a parent's never from a child (PRESET_NOT_EDITABLE).
 * Access goes through the one `authorize` (orgFor); every write is an audited configuration change.
 */
export class PresetsService {
  constructor(private readonly deps: PresetsDeps) {}

  /** presets(orgId): every member of the organisation (and whoever may administer it). */
  async list(caller: Caller, args: Record<string, unknown>): Promise<PresetView[]> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    return this.views(who, org.id);
  }

  /** createPreset(orgId, name, macro, ownerId, ownerType): a user's own, another member's, or (administrators) the office's. */
  async create(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PresetView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parse(createInput, { name: args.name, ownerType: args.ownerType, ownerId: args.ownerId });
    const macro = parseMacro(args.macro);
    const owner = await this.ownerFor(who, org.id, input.ownerType, input.ownerId ?? null);
    const at = this.deps.now();
    const stored = await this.deps.presets.create({
      id: newId('pre'),
      orgId: org.id,
      name: input.name,
      ...owner,
      macro,
      createdBy: who.user.id,
      createdAt: at,
      updatedAt: at,
    });
    return recorded(await this.viewOf(who, org.id, stored), {
      trail: 'organisation',
      action: 'presetCreated',
      detail: {
        orgId: org.id,
        presetId: stored.id,
        name: stored.name,
        ownerKind: owner.ownerKind,
        ownerId: owner.ownerUserId,
        macro,
      },
    });
  }

  /** updatePreset(orgId, id, name, macro): the preset's owner only (PS8). */
  async update(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PresetView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const input = parse(updateInput, { id: args.id, name: args.name });
    const macro = parseMacro(args.macro);
    await this.ownPreset(who, org.id, input.id);
    const stored = await this.deps.presets.update(org.id, input.id, {
      name: input.name,
      macro,
      updatedAt: this.deps.now(),
    });
    if (!stored) refuse('NOT_FOUND');
    return recorded(await this.viewOf(who, org.id, stored), {
      trail: 'organisation',
      action: 'presetUpdated',
      detail: { orgId: org.id, presetId: stored.id, name: stored.name, macro },
    });
  }

  /** deletePreset(orgId, id): the preset's owner only (PS8); answers the id deleted. */
  async delete(caller: Caller, args: Record<string, unknown>): Promise<Recorded<string>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'member');
    const id = parse(presetId, args.id);
    const preset = await this.ownPreset(who, org.id, id);
    if (!(await this.deps.presets.delete(org.id, id))) refuse('NOT_FOUND');
    return recorded(id, {
      trail: 'organisation',
      action: 'presetDeleted',
      detail: { orgId: org.id, presetId: id, name: preset.name, macro: preset.macro },
    });
  }

  /**
   * movePreset(orgId, id, ownerType, ownerId): the team's preset migration (/vigil-team/preset-migration):
   * an internal uber gives one of the office's presets to one of its members (ownerType user) or to
   * the office (org); audited with the owner before and after.
   */
  async move(caller: Caller, args: Record<string, unknown>): Promise<Recorded<PresetView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'uber');
    const input = parse(moveInput, { id: args.id, ownerType: args.ownerType, ownerId: args.ownerId });
    const before = await this.deps.presets.get(org.id, input.id);
    if (!before) refuse('NOT_FOUND');
    const ownerId = input.ownerId ?? null;
    if (input.ownerType === 'user' && (ownerId === null || !(await this.deps.orgs.memberByUser(org.id, ownerId)))) {
      refuse('USER_NOT_FOUND');
    }
    const owner =
      input.ownerType === 'user'
        ? { ownerKind: 'user' as const, ownerUserId: ownerId }
        : { ownerKind: 'org' as const, ownerUserId: null };
    const moved = await this.deps.presets.setOwner(org.id, input.id, owner, this.deps.now());
    if (!moved) refuse('NOT_FOUND');
    return recorded(await this.viewOf(who, org.id, moved), {
      trail: 'organisation',
      action: 'presetMoved',
      detail: {
        orgId: org.id,
        presetId: moved.id,
        name: moved.name,
        from: { ownerKind: before.ownerKind, ownerId: before.ownerUserId },
        to: { ownerKind: moved.ownerKind, ownerId: moved.ownerUserId },
      },
    });
  }

  /** Who a new preset belongs to (PS8): the caller, another member (saved on their behalf), or the office (administrators). */
  private async ownerFor(
    who: SignedIn,
    orgId: string,
    type: (typeof PRESET_SAVE_OWNER_TYPES)[number],
    ownerId: string | null,
  ): Promise<Pick<PresetRecord, 'ownerKind' | 'ownerUserId'>> {
    switch (type) {
      case 'user':
        if (ownerId !== null && ownerId !== who.user.id) refuse('NOT_AUTHORIZED');
        return { ownerKind: 'user', ownerUserId: who.user.id };
      case 'otherUser':
        if (ownerId === null || !(await this.deps.orgs.memberByUser(orgId, ownerId))) refuse('USER_NOT_FOUND');
        return { ownerKind: 'user', ownerUserId: ownerId };
      case 'org':
        await this.deps.access.authorize(who, orgId, 'admin');
        return { ownerKind: 'org', ownerUserId: null };
    }
  }

  /**
   * One of the organisation's own presets the caller may change (PS8): a parent's is
   * PRESET_NOT_EDITABLE, another user's NOT_AUTHORIZED, the office's needs its administrators.
   */
  private async ownPreset(who: SignedIn, orgId: string, id: string): Promise<PresetRecord> {
    const own = await this.deps.presets.get(orgId, id);
    if (!own) {
      const { inherited } = await ownAndInherited(this.deps.orgs, orgId, (ids) => this.deps.presets.list(ids));
      refuse(inherited.some((p) => p.id === id && p.ownerKind !== 'user') ? 'PRESET_NOT_EDITABLE' : 'NOT_FOUND');
    }
    if (own.ownerKind === 'user') {
      if (own.ownerUserId !== who.user.id) refuse('NOT_AUTHORIZED');
    } else {
      await this.deps.access.authorize(who, orgId, 'admin');
    }
    return own;
  }

  /** The organisation's presets then its parents' office presets, each as the caller sees it. */
  private async views(who: SignedIn, orgId: string): Promise<PresetView[]> {
    const { own, inherited } = await ownAndInherited(this.deps.orgs, orgId, (ids) => this.deps.presets.list(ids));
    const names = await this.ownerNames(orgId, [...own, ...inherited]);
    const admin = await this.isAdmin(who, orgId);
    return [
      ...own.map((p) => view(p, who, orgId, names, admin)),
      // A parent's users' own presets stay theirs: only its office presets reach the children.
      ...inherited.filter((p) => p.ownerKind !== 'user').map((p) => view(p, who, orgId, names, admin)),
    ];
  }

  private async viewOf(who: SignedIn, orgId: string, p: PresetRecord): Promise<PresetView> {
    return view(p, who, orgId, await this.ownerNames(orgId, [p]), await this.isAdmin(who, orgId));
  }

  /** The names the owner pills show: the members' and the organisations'. */
  private async ownerNames(orgId: string, presets: readonly PresetRecord[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (presets.some((p) => p.ownerKind === 'user')) {
      for (const m of await this.deps.orgs.members(orgId)) names.set(m.userId, m.name || m.email);
    }
    for (const id of new Set(presets.filter((p) => p.ownerKind !== 'user').map((p) => p.orgId))) {
      names.set(id, (await this.deps.orgs.org(id))?.name ?? id);
    }
    return names;
  }

  private async isAdmin(who: SignedIn, orgId: string): Promise<boolean> {
    return this.deps.access.authorize(who, orgId, 'admin').then(
      () => true,
      () => false,
    );
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

/**
 * [PS2] A macro from the call: JSON text or an object, validated by shared's macro schema (the
 * case-data schema's fields). A bad one is refused INVALID_PRESET_MACRO with one issue per problem,
 * each "<where>: <what>".
 */
export function parseMacro(raw: unknown): PresetMacro {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > 200_000) throw new AppError(400, INVALID_PRESET_MACRO, 'macro: too large');
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(400, INVALID_PRESET_MACRO, 'macro: not JSON');
    }
  }
  const result = validatePresetMacro(value);
  if (!result.ok) {
    throw new AppError(400, INVALID_PRESET_MACRO, result.issues.map((i) => i.message).join('; '), result.issues);
  }
  return result.macro;
}

function view(p: PresetRecord, who: SignedIn, orgId: string, names: Map<string, string>, admin: boolean): PresetView {
  const ownerType: PresetOwnerType =
    p.orgId !== orgId
      ? 'parentOrg'
      : p.ownerKind === 'user'
        ? p.ownerUserId === who.user.id
          ? 'user'
          : 'otherUser'
        : p.ownerKind;
  const ownerId = p.ownerUserId ?? p.orgId;
  const editable = ownerType === 'user' || ((ownerType === 'org' || ownerType === 'demo') && admin);
  return {
    id: p.id,
    name: p.name,
    ownerType,
    ownerId,
    ownerName: names.get(ownerId) ?? '',
    macroJSON: JSON.stringify(p.macro),
    editable,
    updated: new Date(p.updatedAt).toISOString(),
  };
}

/** The presets service as the server builds it: creating, changing, deleting and moving a preset are audited configuration changes. */
export type AuditedPresets = Audited<PresetsService, 'create' | 'update' | 'delete' | 'move'>;

export function auditedPresets(service: PresetsService, sinks: AuditSinks): AuditedPresets {
  return audited(
    service,
    { create: 'configuration', update: 'configuration', delete: 'configuration', move: 'configuration' },
    sinks,
  );
}
