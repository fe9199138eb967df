import { z } from 'zod';

/*
 * The accounts API's GraphQL views (spec 000 §3, §7): the shapes the server's resolvers return
 * and the client reads, written once as zod schemas (issue 36 item 5) with their types derived.
 * views-sdl.test.ts (sync-server/src/graphql) holds each field for field against the schema text
 * in sync-server/src/graphql/accounts.ts.
 */

/** A verification option (spec 000 §3): sms sorts before email. */
export const mfaOptionViewSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  verified: z.boolean(),
});
export type MfaOptionView = z.infer<typeof mfaOptionViewSchema>;

/** A user (spec 000 §3). */
export const userViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  emrEmail: z.string().nullable(),
  hasPw: z.boolean(),
  /** The verified SMS MFA number, if any. */
  sms: z.string().nullable(),
  mfa: z.array(mfaOptionViewSchema),
});
export type UserView = z.infer<typeof userViewSchema>;

/** A session organisation (spec 000 §3): id, name, roles, status, type, memberId, href. */
export const sessionOrgViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  status: z.string().nullable(),
  type: z.enum(['regular', 'parent', 'vigil', 'reseller']),
  memberId: z.string().nullable(),
  href: z.string().nullable(),
});
export type SessionOrgView = z.infer<typeof sessionOrgViewSchema>;

/** The organisation fields of a session every reader asks for. */
export type SessionOrgBriefView = Pick<SessionOrgView, 'id' | 'name' | 'roles' | 'type'>;

/** A session's organisations grouped by type (spec 000 §2 switcher groups, §3). */
export const sessionOrgsViewSchema = z.object({
  regular: z.array(sessionOrgViewSchema),
  parent: z.array(sessionOrgViewSchema),
  vigil: z.array(sessionOrgViewSchema),
  reseller: z.array(sessionOrgViewSchema),
});
export type SessionOrgGroupsView = z.infer<typeof sessionOrgsViewSchema>;
/** The groups as a reader that asked for `Org`'s fields holds them. */
export type SessionOrgsView<Org = SessionOrgBriefView> = Record<keyof SessionOrgGroupsView, Org[]>;

/** A session's own fields (spec 000 §3). Times are epoch milliseconds. */
export const sessionFieldsViewSchema = z.object({
  userId: z.string(),
  multiFactorLast: z.number().nullable(),
  multiFactorAuthExp: z.number().nullable(),
  sessionRenewedAt: z.number(),
  sessionExpiresAt: z.number(),
  sudoLast: z.number().nullable(),
  sudoExpiresAt: z.number().nullable(),
  /** Set for an EMR launch session (spec 000 §4); its orgs are that organisation only. */
  singleOrg: z.string().nullable(),
});
export type SessionFieldsView = z.infer<typeof sessionFieldsViewSchema>;

/** A session (spec 000 §3) with its organisations. The token stays in the HttpOnly cookie: always null. */
export const sessionViewSchema = sessionFieldsViewSchema.extend({
  token: z.null().optional(),
  orgs: sessionOrgsViewSchema,
});
/** A session as a reader that asked for `Org`'s fields of its organisations holds it. */
export type SessionView<Org = SessionOrgBriefView> = SessionFieldsView & { orgs: SessionOrgsView<Org> };

/** What sign-up, sign-in, MFA verification and a password change answer. */
export const userAndSessionViewSchema = z.object({ user: userViewSchema, session: sessionViewSchema });
export interface UserAndSessionView<Org = SessionOrgBriefView> {
  user: UserView;
  session: SessionView<Org>;
}

/** A saved signature (spec 000 §6): SVG path data. */
export const signatureViewSchema = z.object({ id: z.string(), path: z.string() });
export type SignatureView = z.infer<typeof signatureViewSchema>;

/** updateUser's properties. */
export const userPropertiesInputSchema = z.object({ name: z.string() });
export type UserPropertiesInput = z.infer<typeof userPropertiesInputSchema>;
