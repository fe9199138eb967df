import {
  ADDENDUM_LIMITS,
  emailSchema,
  mfaCodeSchema,
  nameSchema,
  passwordSchema,
  type SessionView as SharedSessionView,
  type SignatureView,
  type UserView,
} from '@vigil/shared';
import { z } from 'zod';
import type { Current, MfaOptionRow, SignedIn, UserRow } from '../auth/accounts.js';
import { answeringAppErrors } from '../errors.js';
import { parseInput } from '../input.js';
import type { SessionRow } from '../auth/sessions.js';
import { graphqlArgs } from './arguments.js';
import { legalAcceptancesSchema } from './legal.js';
import type { GraphqlContext, Resolver, ResolverArgs } from './context.js';

export type { UserView };

export const accountTypeDefs = /* GraphQL */ `
  "An MFA option (spec 000 §3): sms sorts before email."
  type MfaOption {
    channel: String!
    to: String!
    verified: Boolean!
  }

  "A user (spec 000 §3)."
  type User {
    id: ID!
    name: String!
    email: String!
    emailVerified: Boolean!
    emrEmail: String
    hasPw: Boolean!
    "The verified SMS MFA number, if any."
    sms: String
    mfa: [MfaOption!]!
  }

  "An organisation membership in the session (spec 000 §3). Organisations arrive with issue 4."
  type SessionOrg {
    id: ID!
    name: String!
    roles: [String!]!
    status: String
    type: String!
    memberId: String
    href: String
  }

  "The session's organisations grouped by type (spec 000 §2 switcher groups)."
  type SessionOrgs {
    regular: [SessionOrg!]!
    parent: [SessionOrg!]!
    vigil: [SessionOrg!]!
    reseller: [SessionOrg!]!
  }

  "A session (spec 000 §3). Times are epoch milliseconds. The token stays in the HttpOnly cookie: token is always null."
  type Session {
    userId: ID!
    multiFactorLast: Float
    multiFactorAuthExp: Float
    sessionRenewedAt: Float!
    sessionExpiresAt: Float!
    sudoLast: Float
    sudoExpiresAt: Float
    singleOrg: String
    token: String
    orgs: SessionOrgs!
  }

  type UserAndSession {
    user: User!
    session: Session!
  }

  type Signature {
    id: ID!
    path: String!
  }

  extend type Query {
    "The signed-in user, or null."
    user: User
    "The signed-in session, or null; renews the token cookie's lifetime."
    session: Session
    "The saved signature's path, or null (fully authenticated users only, spec 000 §6)."
    signature: Signature
    "The email address a password-reset code belongs to."
    verifyPasswordResetCode(code: String!): String!
  }

  input UserProperties {
    name: String!
  }

  type Mutation {
    "Signs up; legal: the terms and privacy policy accepted at their current versions (TERMS_NOT_ACCEPTED otherwise)."
    signUp(
      name: String!
      email: String!
      password: String!
      referredBy: String
      botToken: String
      legal: [LegalAcceptanceInput!]
    ): UserAndSession!
    signIn(email: String!, password: String!, botToken: String): UserAndSession!
    signOut: Boolean!
    extendSession(clearSudo: Boolean): Session!
    updateUser(properties: UserProperties!): User!
    "Sends an MFA code; with sudo and no verified option, sudo is skipped (spec 000 §6) and true means done."
    sendMfaVerification(to: String!, channel: String!, sudo: Boolean): Boolean!
    verifyMfaCode(to: String!, channel: String!, code: String!, sudo: Boolean): UserAndSession!
    "Removes a verification option under sudo (spec 000 §6); the last verified one stays (LAST_MFA_OPTION)."
    removeMfaOption(to: String!, channel: String!): User!
    sendEmailVerification: Boolean!
    verifyEmailCode(code: String!): User!
    "Sends a code to the user's EMR email (spec 000 §6 verifyEmrEmail); sudo first when it is not the sign-in email."
    sendEmrEmailVerification: Boolean!
    "Checks that code and makes the EMR email the verified sign-in email (direct login)."
    verifyEmrEmailCode(code: String!): User!
    sendPasswordReset(email: String!): Boolean!
    confirmPasswordReset(code: String!, password: String!): Boolean!
    changePassword(password: String!): UserAndSession!
    changeEmail(email: String!): User!
    updateSignature(path: String!): Boolean!
    deleteSignature: Boolean!
  }
`;

const channelSchema = z.enum(['sms', 'email']);
/** A saved signature is SVG path data from the signature pad (spec 002 §2): commands, numbers, separators. */
const signaturePathSchema = z
  .string()
  .min(1)
  .max(ADDENDUM_LIMITS.signature)
  .regex(/^[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s-]+$/);
const optionalText = z.string().max(200).nullish();

const schemas = {
  signUp: z.object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    referredBy: optionalText,
    botToken: z.string().max(10_000).nullish(),
    legal: legalAcceptancesSchema.nullish(),
  }),
  signIn: z.object({
    email: emailSchema,
    password: z.string().min(1).max(1024),
    botToken: z.string().max(10_000).nullish(),
  }),
  extendSession: z.object({ clearSudo: z.boolean().nullish() }),
  updateUser: z.object({ properties: z.object({ name: nameSchema }) }),
  sendMfa: z.object({ to: z.string().min(1).max(254), channel: channelSchema, sudo: z.boolean().nullish() }),
  verifyMfa: z.object({
    to: z.string().min(1).max(254),
    channel: channelSchema,
    code: mfaCodeSchema,
    sudo: z.boolean().nullish(),
  }),
  removeMfa: z.object({ to: z.string().min(1).max(254), channel: channelSchema }),
  code: z.object({ code: mfaCodeSchema }),
  email: z.object({ email: emailSchema }),
  resetCode: z.object({ code: z.string().min(1).max(200) }),
  confirmReset: z.object({ code: z.string().min(1).max(200), password: passwordSchema }),
  password: z.object({ password: passwordSchema }),
  signature: z.object({ path: signaturePathSchema }),
};

/**
 * A session as the resolvers hand it on: its own fields, the token never sent, and `orgs` left
 * empty for the Session.orgs resolver (organisations) to fill.
 */
export type SessionView = SharedSessionView<never> & { token: null };

/** The user fields of spec 000 §3 (MFA options sms first). */
export function userView(user: UserRow, options: MfaOptionRow[]): UserView {
  const sorted = [...options].sort((a, b) => (a.channel === b.channel ? 0 : a.channel === 'sms' ? -1 : 1));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.email_verified === 1,
    emrEmail: user.emr_email,
    hasPw: user.password_hash !== null,
    sms: sorted.find((o) => o.channel === 'sms' && o.verified === 1)?.to_address ?? null,
    mfa: sorted.map((o) => ({ channel: o.channel, to: o.to_address, verified: o.verified === 1 })),
  };
}

/** The session fields of spec 000 §3; `orgs` is filled by the Session.orgs resolver (organisations). */
export function sessionView(row: SessionRow): SessionView {
  return {
    userId: row.user_id,
    multiFactorLast: row.multi_factor_last,
    multiFactorAuthExp: row.multi_factor_exp,
    sessionRenewedAt: row.renewed_at,
    sessionExpiresAt: row.expires_at,
    sudoLast: row.sudo_last,
    sudoExpiresAt: row.sudo_expires_at,
    // Set for an EMR launch session (spec 000 §4); its orgs are that organisation only.
    singleOrg: row.single_org,
    token: null,
    orgs: { regular: [], parent: [], vigil: [], reseller: [] },
  };
}

async function signedIn(ctx: GraphqlContext, result: SignedIn): Promise<{ user: UserView; session: SessionView }> {
  ctx.setSessionCookies(result.token, result.user.id);
  return {
    user: userView(result.user, await ctx.accounts.mfaOptions(result.user.id)),
    session: sessionView(result.session),
  };
}

/** The user as the API shows it, with its MFA options. */
async function userWithOptions(ctx: GraphqlContext, user: UserRow): Promise<UserView> {
  return userView(user, await ctx.accounts.mfaOptions(user.id));
}

function current(ctx: GraphqlContext): Promise<Current | null> {
  return ctx.current();
}

export const accountResolvers: {
  Query: Record<string, Resolver<unknown>>;
  Mutation: Record<string, Resolver<unknown>>;
} = {
  Query: answeringAppErrors<ResolverArgs>({
    user: async (_, __, ctx): Promise<UserView | null> => {
      const c = await current(ctx);
      return c ? userWithOptions(ctx, c.user) : null;
    },
    session: async (_, __, ctx): Promise<SessionView | null> => {
      const c = await current(ctx);
      if (!c) return null;
      // spec 000 §7: the session query also sets the token cookie (refreshing its lifetime).
      if (ctx.token) ctx.setSessionCookies(ctx.token, c.user.id);
      return sessionView(c.session);
    },
    signature: async (_, __, ctx): Promise<SignatureView | null> => ctx.accounts.signature(await current(ctx)),
    verifyPasswordResetCode: (_, args, ctx): Promise<string> =>
      ctx.accounts.verifyPasswordResetCode(parseInput(schemas.resetCode, graphqlArgs(args)).code),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    signUp: async (_, args, ctx) => {
      const input = parseInput(schemas.signUp, graphqlArgs(args));
      // Issue 40 (spec 000 §7): no account without the current terms and privacy policy accepted.
      const legal = ctx.services.legal.checkSignUp(input.legal ?? []);
      const result = await ctx.accounts.signUp(
        {
          name: input.name,
          email: input.email,
          password: input.password,
          referredBy: input.referredBy ?? null,
          botToken: input.botToken ?? null,
        },
        ctx.meta,
        ctx.token,
      );
      await ctx.services.legal.recordSignUp(result.user.id, legal, ctx.meta);
      return signedIn(ctx, result);
    },
    signIn: async (_, args, ctx) => {
      const input = parseInput(schemas.signIn, graphqlArgs(args));
      const result = await ctx.accounts.signIn({ ...input, botToken: input.botToken ?? null }, ctx.meta, ctx.token);
      return signedIn(ctx, result);
    },
    signOut: async (_, __, ctx): Promise<boolean> => {
      await ctx.accounts.signOut(await current(ctx), ctx.meta);
      ctx.clearSessionCookies();
      return true;
    },
    extendSession: async (_, args, ctx): Promise<SessionView> => {
      const input = parseInput(schemas.extendSession, graphqlArgs(args));
      return sessionView(await ctx.accounts.extendSession(await current(ctx), input.clearSudo ?? false, ctx.meta));
    },
    updateUser: async (_, args, ctx): Promise<UserView> => {
      const input = parseInput(schemas.updateUser, graphqlArgs(args));
      return userWithOptions(ctx, await ctx.accounts.updateUser(await current(ctx), input.properties, ctx.meta));
    },
    sendMfaVerification: async (_, args, ctx): Promise<boolean> => {
      const input = parseInput(schemas.sendMfa, graphqlArgs(args));
      const c = await current(ctx);
      const result = await ctx.accounts.sendMfaVerification(
        c,
        { to: input.to, channel: input.channel, sudo: input.sudo ?? false },
        ctx.meta,
      );
      if (result.token && c) ctx.setSessionCookies(result.token, c.user.id);
      return true;
    },
    verifyMfaCode: async (_, args, ctx) => {
      const input = parseInput(schemas.verifyMfa, graphqlArgs(args));
      const result = await ctx.accounts.verifyMfaCode(
        await current(ctx),
        { to: input.to, channel: input.channel, code: input.code, sudo: input.sudo ?? false },
        ctx.meta,
      );
      return signedIn(ctx, result);
    },
    removeMfaOption: async (_, args, ctx): Promise<UserView> => {
      const input = parseInput(schemas.removeMfa, graphqlArgs(args));
      return userWithOptions(ctx, await ctx.accounts.removeMfaOption(await current(ctx), input, ctx.meta));
    },
    sendEmailVerification: async (_, __, ctx): Promise<boolean> =>
      ctx.accounts.sendEmailVerification(await current(ctx), ctx.origin, ctx.meta),
    verifyEmailCode: async (_, args, ctx): Promise<UserView> => {
      const input = parseInput(schemas.code, graphqlArgs(args));
      return userWithOptions(ctx, await ctx.accounts.verifyEmailCode(await current(ctx), input.code, ctx.meta));
    },
    sendEmrEmailVerification: async (_, __, ctx): Promise<boolean> =>
      ctx.accounts.sendEmrEmailVerification(await current(ctx), ctx.meta),
    verifyEmrEmailCode: async (_, args, ctx): Promise<UserView> => {
      const input = parseInput(schemas.code, graphqlArgs(args));
      return userWithOptions(ctx, await ctx.accounts.verifyEmrEmailCode(await current(ctx), input.code, ctx.meta));
    },
    sendPasswordReset: (_, args, ctx): Promise<boolean> =>
      ctx.accounts.sendPasswordReset(parseInput(schemas.email, graphqlArgs(args)).email, ctx.origin, ctx.meta),
    confirmPasswordReset: (_, args, ctx): Promise<boolean> => {
      const input = parseInput(schemas.confirmReset, graphqlArgs(args));
      return ctx.accounts.confirmPasswordReset(input.code, input.password, ctx.meta);
    },
    changePassword: async (_, args, ctx) => {
      const input = parseInput(schemas.password, graphqlArgs(args));
      return signedIn(ctx, await ctx.accounts.changePassword(await current(ctx), input.password, ctx.meta));
    },
    changeEmail: async (_, args, ctx): Promise<UserView> => {
      const input = parseInput(schemas.email, graphqlArgs(args));
      return userWithOptions(ctx, await ctx.accounts.changeEmail(await current(ctx), input.email, ctx.meta));
    },
    updateSignature: async (_, args, ctx): Promise<boolean> =>
      ctx.accounts.updateSignature(await current(ctx), parseInput(schemas.signature, graphqlArgs(args)).path, ctx.meta),
    deleteSignature: async (_, __, ctx): Promise<boolean> => ctx.accounts.deleteSignature(await current(ctx), ctx.meta),
  }),
};
