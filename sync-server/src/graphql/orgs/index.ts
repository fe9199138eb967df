import { baaResolvers } from './baa.js';
import type { Resolver } from './caller.js';
import { featureResolvers } from './features.js';
import { invitationResolvers } from './invitations.js';
import { memberResolvers } from './members.js';
import { organisationResolvers } from './organisations.js';

export { orgTypeDefs } from './schema.js';

/** The organisation resolvers, by area (organisations, members, invitations, features, BAA). */
export const orgResolvers: {
  Query: Record<string, Resolver<unknown>>;
  Mutation: Record<string, Resolver<unknown>>;
  Session: Record<string, Resolver<unknown>>;
} = {
  Session: { ...organisationResolvers.Session },
  Query: {
    ...organisationResolvers.Query,
    ...memberResolvers.Query,
    ...invitationResolvers.Query,
    ...featureResolvers.Query,
    ...baaResolvers.Query,
  },
  Mutation: {
    ...organisationResolvers.Mutation,
    ...memberResolvers.Mutation,
    ...invitationResolvers.Mutation,
    ...featureResolvers.Mutation,
    ...baaResolvers.Mutation,
  },
};
