import type { OrgFeatureView } from '@vigil/shared';
import { orgsOf, type Resolver } from './caller.js';

export const featureResolvers = {
  Query: {
    orgFeaturesConfig: (async (_, args, ctx) =>
      orgsOf(ctx).features.config(await ctx.caller(), args.orgId)) as Resolver<Promise<OrgFeatureView[]>>,
  },
  Mutation: {
    addOrgFeature: (async (_, args, ctx) => orgsOf(ctx).features.change(await ctx.caller(), args, 'add')) as Resolver<
      Promise<OrgFeatureView[]>
    >,
    removeOrgFeature: (async (_, args, ctx) =>
      orgsOf(ctx).features.change(await ctx.caller(), args, 'remove')) as Resolver<Promise<OrgFeatureView[]>>,
  },
};
