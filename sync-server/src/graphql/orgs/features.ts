import type { OrgFeatureView } from '@vigil/shared';
import { callerOf, orgsOf, requestOf, type Resolver } from './caller.js';

export const featureResolvers = {
  Query: {
    orgFeaturesConfig: (async (_, args, ctx) =>
      orgsOf(ctx).features.config((await callerOf(ctx)).caller, args.orgId)) as Resolver<Promise<OrgFeatureView[]>>,
  },
  Mutation: {
    addOrgFeature: (async (_, args, ctx) => orgsOf(ctx).features.change(await requestOf(ctx), args, 'add')) as Resolver<
      Promise<OrgFeatureView[]>
    >,
    removeOrgFeature: (async (_, args, ctx) =>
      orgsOf(ctx).features.change(await requestOf(ctx), args, 'remove')) as Resolver<Promise<OrgFeatureView[]>>,
  },
};
