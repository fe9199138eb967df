import { createSchema, createYoga } from 'graphql-yoga';
import { Hono } from 'hono';
import type { Environment } from '../config.js';
import type { Logger } from '../log.js';

export interface GraphqlDeps {
  environment: Environment;
  log: Logger;
  /** Injectable clock, so tests can check serverTime against a known time. */
  now?: () => number;
}

const typeDefs = /* GraphQL */ `
  type Query {
    "Server time in milliseconds since the epoch, for the client clock check (spec 000 §4, §7)."
    serverTime: Float!
    "The server's environment: development, production or test. The footer tags non-production builds (spec 000 §1)."
    environment: String!
  }
`;

/**
 * `POST /api/graphql` (and GET for queries): the shell's calls (spec 000 §7). Later issues add
 * the account, organisation and form calls with the spec's names. Errors thrown as
 * `GraphQLError` reach clients with their code as the message; anything else is masked.
 */
export function graphqlRoutes(deps: GraphqlDeps): Hono {
  const now = deps.now ?? Date.now;
  const yoga = createYoga({
    graphqlEndpoint: '/api/graphql',
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          serverTime: () => now(),
          environment: () => deps.environment,
        },
      },
    }),
    graphiql: deps.environment !== 'production',
    landingPage: false,
    maskedErrors: true,
    logging: {
      debug: (...args: unknown[]) => deps.log.debug({ args }, 'graphql'),
      info: (...args: unknown[]) => deps.log.info({ args }, 'graphql'),
      warn: (...args: unknown[]) => deps.log.warn({ args }, 'graphql'),
      error: (...args: unknown[]) => deps.log.error({ args }, 'graphql'),
    },
  });
  return new Hono().on(['GET', 'POST'], '/graphql', (c) => yoga.fetch(c.req.raw));
}
