import type { BaaAnswerView } from '@vigil/shared';
import { orgsOf, type Resolver } from './caller.js';

export const baaResolvers = {
  Query: {
    baa: (async (_, args, ctx) => orgsOf(ctx).baa.read(await ctx.caller(), args.orgId)) as Resolver<
      Promise<BaaAnswerView>
    >,
  },
  Mutation: {
    signBaa: (async (_, args, ctx) => orgsOf(ctx).baa.sign(await ctx.caller(), args.orgId, args)) as Resolver<
      Promise<BaaAnswerView>
    >,
    countersignBaa: (async (_, args, ctx) =>
      orgsOf(ctx).baa.countersign(await ctx.caller(), args.orgId, args)) as Resolver<Promise<BaaAnswerView>>,
  },
};
