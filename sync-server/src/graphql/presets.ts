import type { PresetView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageOf, pageRequest } from './pagination.js';

/**
 * Presets (macros; issue 39, spec 002 §3 "Preset (macro)", §6: "Create preset payload: name,
 * macro, ownerId, ownerType. Update preset payload: id, name, macro."). Thin resolvers over
 * PresetsService; the macro travels as JSON text.
 */
export const presetTypeDefs = /* GraphQL */ `
  "A preset (macro): ownerType user, otherUser, org, demo or parentOrg as the caller sees it; macroJSON the macro of spec 002 §3."
  type Preset {
    id: String!
    name: String!
    ownerType: String!
    ownerId: String!
    ownerName: String!
    macroJSON: String!
    "False for another user's preset, a parent organisation's, or the office's to a non-administrator."
    editable: Boolean!
    updated: String!
  }

  extend type Query {
    "The organisation's presets (its users' and its own, by name), then its parents' office presets (after: the last preset's id)."
    presets(orgId: String, first: Int, after: String): [Preset!]!
  }

  extend type Mutation {
    "Saves a preset: ownerType user (the caller), otherUser (ownerId: another member) or org (administrators); macro as JSON."
    createPreset(orgId: String, name: String!, macro: String!, ownerId: String, ownerType: String!): Preset!
    "Changes a preset's name and macro: its owner only (a parent's: PRESET_NOT_EDITABLE)."
    updatePreset(orgId: String, id: String!, name: String!, macro: String!): Preset!
    "Deletes a preset: its owner only. Answers the id."
    deletePreset(orgId: String, id: String!): String!
    "The team's preset migration: gives a preset to a member (ownerType user, ownerId) or the office (org); internal ubers only."
    movePreset(orgId: String, id: String!, ownerType: String!, ownerId: String): Preset!
  }
`;

export const presetResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    presets: async (_, args, ctx): Promise<PresetView[]> => {
      const { first, after, ...rest } = graphqlArgs(args);
      return pageOf(
        await ctx.services.presets.list(await ctx.caller(), rest),
        pageRequest({ first, after }),
        (p) => p.id,
      );
    },
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    createPreset: async (_, args, ctx): Promise<PresetView> =>
      ctx.services.presets.create(await ctx.caller(), graphqlArgs(args)),
    updatePreset: async (_, args, ctx): Promise<PresetView> =>
      ctx.services.presets.update(await ctx.caller(), graphqlArgs(args)),
    deletePreset: async (_, args, ctx): Promise<string> =>
      ctx.services.presets.delete(await ctx.caller(), graphqlArgs(args)),
    movePreset: async (_, args, ctx): Promise<PresetView> =>
      ctx.services.presets.move(await ctx.caller(), graphqlArgs(args)),
  }),
};
