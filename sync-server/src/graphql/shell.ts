import { answeringAppErrors } from '../errors.js';
import type { ResolverArgs } from './context.js';

export const shellTypeDefs = /* GraphQL */ `
  type Query {
    "Server time in milliseconds since the epoch, for the client clock check (spec 000 §4, §7)."
    serverTime: Float!
    "The server's environment: development, production or test. The footer tags non-production builds (spec 000 §1)."
    environment: String!
  }
`;

export const shellResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    serverTime: (_, __, ctx): number => ctx.now(),
    environment: (_, __, ctx): string => ctx.environment,
  }),
};
