import { answeringAppErrors } from '../errors.js';
import type { ResolverArgs } from './context.js';

export const shellTypeDefs = /* GraphQL */ `
  type Query {
    "Server time in milliseconds since the epoch, for the client clock check (spec 000 §4, §7)."
    serverTime: Float!
    "The server's environment: development, production or test. The footer tags non-production builds (spec 000 §1)."
    environment: String!
    "The real payment provider's publishable key, which the card entry loads the provider's script with; null with the local provider (issue 37). Public by design: no secret is ever answered here."
    stripePublishableKey: String
  }
`;

export const shellResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    serverTime: (_, __, ctx): number => ctx.now(),
    environment: (_, __, ctx): string => ctx.environment,
    stripePublishableKey: (_, __, ctx): string | null => ctx.services.billing.publishableKey,
  }),
};
