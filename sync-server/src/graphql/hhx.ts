import { z } from 'zod';
import { MERGE_FACTS, type FinalizedHhxView, type NewHhxView } from '@vigil/shared';
import type { SignedIn } from '../access/caller.js';
import { AppError, answeringAppErrors } from '../errors.js';
import { parseInput } from '../input.js';
import { graphqlArgs } from './arguments.js';
import type { GraphqlContext, ResolverArgs } from './context.js';

export const hhxTypeDefs = /* GraphQL */ `
  "A new health history (spec 001 §7): its id (also its sync room's) and its Composition as FHIR JSON."
  type NewHhx {
    id: String!
    fhirJSON: String!
  }

  "A signed or completed health history: the content hash of what was signed, the time, and the fields written (JSON)."
  type FinalizedHhx {
    checkSum: String!
    time: Float!
    updateJSON: String!
  }

  extend type Mutation {
    "A preliminary health history of the patient; from a case (caseCompositionId), seeded from its patient-history fields."
    newHhx(orgId: String!, patientId: String!, caseCompositionId: String): NewHhx!
    """
    Signs (a provider, with signature) or marks complete (without) a health history: written into
    the document by the server, the Composition final and the room read-only.
    """
    finalizeHhx(orgId: String!, compositionId: String!, signature: String): FinalizedHhx!
    "Update Health History: a new preliminary copy of a signed history (without signature); the signed one stays."
    copyHhx(orgId: String!, compositionId: String!): NewHhx!
    """
    Merges a patient-answers health history (answersId) into a health history (generatedCategory
    hhxMerge): into targetId while it is in progress, into a copy of it once finished, into a new
    one without targetId. Only the allergies and medications named by index, and the stated facts
    named (height, weight, noAllergies, noMedications), are added.
    """
    mergeHhx(
      orgId: String!
      answersId: String!
      targetId: String
      allergies: [Int!]!
      medications: [Int!]!
      facts: [String!]
    ): NewHhx!
  }
`;

const id = z.string().trim().min(1).max(64);
/** A signature is a data URL or an SVG path of the signature pad; bounded like a case's. */
const signature = z
  .string()
  .max(512 * 1024)
  .nullish();
const newArgs = z.object({ orgId: id, patientId: id, caseCompositionId: id.nullish() });
const finalizeArgs = z.object({ orgId: id, compositionId: id, signature });
const copyArgs = z.object({ orgId: id, compositionId: id });
const indices = z.array(z.number().int().min(0).max(49)).max(50);
const mergeArgs = z.object({
  orgId: id,
  answersId: id,
  targetId: id.nullish(),
  allergies: indices,
  medications: indices,
  facts: z.array(z.enum(MERGE_FACTS)).max(MERGE_FACTS.length).nullish(),
});

/** The signed-in caller with full multi-factor, or NO_AUTHENTICATION. */
async function callerOf(ctx: GraphqlContext): Promise<SignedIn> {
  const caller = await ctx.caller();
  if (!caller.user || !caller.subject.multiFactorValid) throw new AppError(401, 'NO_AUTHENTICATION');
  return caller as SignedIn;
}

export const hhxResolvers = {
  Mutation: answeringAppErrors<ResolverArgs>({
    newHhx: async (_, args, ctx): Promise<NewHhxView> => {
      const a = parseInput(newArgs, graphqlArgs(args));
      return ctx.services.hhx.newHhx(await callerOf(ctx), a.orgId, a.patientId, a.caseCompositionId);
    },
    finalizeHhx: async (_, args, ctx): Promise<FinalizedHhxView> => {
      const a = parseInput(finalizeArgs, graphqlArgs(args));
      return ctx.services.hhx.finalizeHhx(await callerOf(ctx), a.orgId, a.compositionId, a.signature);
    },
    copyHhx: async (_, args, ctx): Promise<NewHhxView> => {
      const a = parseInput(copyArgs, graphqlArgs(args));
      return ctx.services.hhx.copyHhx(await callerOf(ctx), a.orgId, a.compositionId);
    },
    mergeHhx: async (_, args, ctx): Promise<NewHhxView> => {
      const a = parseInput(mergeArgs, graphqlArgs(args));
      return ctx.services.hhx.mergeHhx(await callerOf(ctx), a.orgId, a.answersId, a.targetId, {
        allergies: a.allergies,
        medications: a.medications,
        facts: a.facts ?? [],
      });
    },
  }),
};
