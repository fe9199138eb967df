import { AppError, toGraphqlError } from '../../errors.js';
import { baaResolvers } from './baa.js';
import type { Resolver } from './caller.js';
import { featureResolvers } from './features.js';
import { invitationResolvers } from './invitations.js';
import { memberResolvers } from './members.js';
import { organisationResolvers } from './organisations.js';

export { orgTypeDefs } from './schema.js';

type Resolvers = Record<string, Resolver<unknown>>;

/** The organisation services refuse with AppError; a GraphQL client gets it as the error of errors.ts. */
function answeringAppErrors(resolvers: Resolvers): Resolvers {
  const out: Resolvers = {};
  for (const [name, resolve] of Object.entries(resolvers)) {
    out[name] = async (parent, args, ctx) => {
      try {
        return await resolve(parent, args, ctx);
      } catch (err) {
        throw err instanceof AppError ? toGraphqlError(err) : err;
      }
    };
  }
  return out;
}

/** The organisation resolvers, by area (organisations, members, invitations, features, BAA). */
export const orgResolvers: { Query: Resolvers; Mutation: Resolvers; Session: Resolvers } = {
  Session: answeringAppErrors({ ...organisationResolvers.Session }),
  Query: answeringAppErrors({
    ...organisationResolvers.Query,
    ...memberResolvers.Query,
    ...invitationResolvers.Query,
    ...featureResolvers.Query,
    ...baaResolvers.Query,
  }),
  Mutation: answeringAppErrors({
    ...organisationResolvers.Mutation,
    ...memberResolvers.Mutation,
    ...invitationResolvers.Mutation,
    ...featureResolvers.Mutation,
    ...baaResolvers.Mutation,
  }),
};
