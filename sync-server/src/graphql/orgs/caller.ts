import type { Caller } from '../../access/caller.js';
import type { OrgServices } from '../../orgs/index.js';
import type { GraphqlContext } from '../context.js';

export type { Resolver } from '../context.js';

/** The organisation services of the process (built once in services.ts). */
export const orgsOf = (ctx: GraphqlContext): OrgServices => ctx.services.orgs;

/** @deprecated ctx.caller() (graphql/inventories.ts until helper "split" lands). */
export async function callerOf(ctx: GraphqlContext): Promise<{ caller: Caller }> {
  return { caller: await ctx.caller() };
}
