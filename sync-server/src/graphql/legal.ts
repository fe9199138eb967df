import { legalAcceptanceInputSchema } from '@vigil/shared';
import { z } from 'zod';
import { answeringAppErrors } from '../errors.js';
import { parseInput } from '../input.js';
import type { LegalDocumentView } from '../legal/service.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The legal documents (issue 40; spec 000 §7): what the signed-in user still has to accept, and
 * their acceptance. Sign-up's acceptance travels with signUp (graphql/accounts.ts).
 */
export const legalTypeDefs = /* GraphQL */ `
  "A legal document at its current version (spec 000 §3 contract document; name: terms or privacy)."
  type LegalDocument {
    name: String!
    title: String!
    version: String!
    updated: String!
    html: String!
    preamble: String!
    postText: String!
    checkboxText: String!
    signedText: String!
  }

  "A legal document accepted at a version (document: terms or privacy)."
  input LegalAcceptanceInput {
    document: String!
    version: String!
  }

  extend type Query {
    "The current legal documents the signed-in user has not accepted yet (empty when none)."
    legalDocumentsToAccept: [LegalDocument!]!
  }

  extend type Mutation {
    "Accepts legal documents at their current versions; answers those still to accept."
    acceptLegalDocuments(accepted: [LegalAcceptanceInput!]!): [LegalDocument!]!
  }
`;

/** What acceptances arrive as (sign-up's and the dialog's). */
export const legalAcceptancesSchema = z.array(legalAcceptanceInputSchema).max(10);

export const legalResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    legalDocumentsToAccept: async (_, __, ctx): Promise<LegalDocumentView[]> =>
      ctx.services.legal.toAccept(await ctx.caller()),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    acceptLegalDocuments: async (_, args, ctx): Promise<LegalDocumentView[]> => {
      const { accepted } = parseInput(z.object({ accepted: legalAcceptancesSchema }), graphqlArgs(args));
      return ctx.services.legal.accept(await ctx.caller(), accepted);
    },
  }),
};
