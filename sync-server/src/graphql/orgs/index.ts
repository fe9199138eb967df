import { answeringAppErrors } from '../../errors.js';
import { normalisingArgs } from '../arguments.js';
import { baaResolvers } from './baa.js';
import type { ResolverArgs } from '../context.js';
import type { Resolver } from './caller.js';
import { featureResolvers } from './features.js';
import { invitationResolvers } from './invitations.js';
import { memberResolvers } from './members.js';
import { organisationResolvers } from './organisations.js';

export { orgTypeDefs } from './schema.js';

type Resolvers = Record<string, Resolver<unknown>>;

/** The organisation resolvers, by area (organisations, members, invitations, features, BAA). */
export const orgResolvers: { Query: Resolvers; Mutation: Resolvers; Session: Resolvers } = {
  Session: answeringAppErrors<ResolverArgs>({ ...organisationResolvers.Session }),
  // Arguments through the one normaliser (arguments.ts); the team's user search is trimmed, blank = all.
  Query: answeringAppErrors<ResolverArgs>(
    normalisingArgs(
      {
        ...organisationResolvers.Query,
        ...memberResolvers.Query,
        ...invitationResolvers.Query,
        ...featureResolvers.Query,
        ...baaResolvers.Query,
      },
      { text: ['search'] },
    ),
  ),
  Mutation: answeringAppErrors<ResolverArgs>(
    normalisingArgs({
      ...organisationResolvers.Mutation,
      ...memberResolvers.Mutation,
      ...invitationResolvers.Mutation,
      ...featureResolvers.Mutation,
      ...baaResolvers.Mutation,
    }),
  ),
};
