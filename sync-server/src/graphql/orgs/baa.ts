import type { BaaAnswerView } from '@vigil/shared';
import { callerOf, orgsOf, requestOf, type Resolver } from './caller.js';

export const baaResolvers = {
  Query: {
    baa: (async (_, args, ctx) => orgsOf(ctx).baa.read((await callerOf(ctx)).caller, args.orgId)) as Resolver<
      Promise<BaaAnswerView>
    >,
  },
  Mutation: {
    signBaa: (async (_, args, ctx) => orgsOf(ctx).baa.sign(await requestOf(ctx), args.orgId, args)) as Resolver<
      Promise<BaaAnswerView>
    >,
    countersignBaa: (async (_, args, ctx) =>
      orgsOf(ctx).baa.countersign(await requestOf(ctx), args.orgId, args)) as Resolver<Promise<BaaAnswerView>>,
  },
};
