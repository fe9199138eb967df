import type { PreopRowView, PreopSettingsView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * The front desk's pre-op list (issue 40): the coming visits with what each patient still owes
 * (shared PRE1–PRE6), the NPO instructions mark, and the office's review period. Thin
 * resolvers over PreopService.
 */
export const preopTypeDefs = /* GraphQL */ `
  "PRE1: the health history a visit would use, as of its start."
  enum PreopHistoryState {
    none
    inProgress
    outdated
    signed
  }

  "PRE2: a patient form of the visit."
  enum PreopFormState {
    notSent
    sent
    opened
    signed
  }

  type PreopForm {
    taskId: String!
    title: String!
    state: PreopFormState!
  }

  "PRE5: who gave the NPO instructions, and when."
  type PreopNpo {
    byId: String!
    byName: String!
    at: String!
  }

  "One visit of the pre-op list with what its patient still owes."
  type PreopRow {
    appointmentId: String!
    start: String!
    end: String!
    status: String!
    patientId: String!
    patientName: String!
    patientBirthDate: String
    providerId: String
    locationId: String
    sedationLevel: String
    healthHistory: PreopHistoryState!
    forms: [PreopForm!]!
    weightRecorded: Boolean!
    allergiesReviewed: Boolean!
    npo: PreopNpo
    "PRE6: the missing items in column order (healthHistory, forms, weight, allergies, npo); empty when ready."
    missing: [String!]!
  }

  type PreopSettings {
    "PRE3: days before a visit a weight or an allergy review counts (1-365; 30 unless set)."
    reviewDays: Int!
  }

  extend type Query {
    "The visits starting in [from, to) (at most 31 days), by start; the office's members read it."
    preopList(
      orgId: String
      from: String!
      to: String!
      providerId: String
      locationId: String
      onlyIncomplete: Boolean
      first: Int
      after: String
    ): [PreopRow!]!
    "The office's pre-op settings: its members read them."
    preopSettings(orgId: String): PreopSettings!
  }

  extend type Mutation {
    "Ticks (given: true) or unticks the NPO instructions of a visit, recorded with the caller and the time."
    setPreopNpo(orgId: String, appointmentId: String!, given: Boolean!): PreopRow!
    "Sets the office's review period (1-365 days); whoever administers the organization."
    setPreopSettings(orgId: String, reviewDays: Int!): PreopSettings!
  }
`;

export const preopResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    preopList: async (_, args, ctx): Promise<PreopRowView[]> => {
      const { first, after, ...rest } = graphqlArgs(args);
      return ctx.services.preop.list(await ctx.caller(), rest, pageRequest({ first, after }));
    },
    preopSettings: async (_, args, ctx): Promise<PreopSettingsView> =>
      ctx.services.preop.settings(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    setPreopNpo: async (_, args, ctx): Promise<PreopRowView> =>
      ctx.services.preop.setNpo(await ctx.caller(), graphqlArgs(args)),
    setPreopSettings: async (_, args, ctx): Promise<PreopSettingsView> =>
      ctx.services.preop.setSettings(await ctx.caller(), graphqlArgs(args)),
  }),
};
