/*
 * The accounts API's GraphQL views (spec 000 §3, §7): the shapes the server's resolvers return
 * and the client reads. One definition for both sides (issue 26), matching the schema text in
 * sync-server/src/graphql/accounts.ts field for field.
 */

/** A verification option (spec 000 §3): sms sorts before email. */
export interface MfaOptionView {
  channel: 'sms' | 'email';
  to: string;
  verified: boolean;
}

/** A user (spec 000 §3). */
export interface UserView {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  emrEmail: string | null;
  hasPw: boolean;
  /** The verified SMS MFA number, if any. */
  sms: string | null;
  mfa: MfaOptionView[];
}

/** The organisation fields of a session every reader asks for (the full shape is the orgs API's). */
export interface SessionOrgBriefView {
  id: string;
  name: string;
  roles: string[];
  type: string;
}

/** A session's organisations grouped by type (spec 000 §2 switcher groups). */
export interface SessionOrgsView<Org = SessionOrgBriefView> {
  regular: Org[];
  parent: Org[];
  vigil: Org[];
  reseller: Org[];
}

/** A session's own fields (spec 000 §3). Times are epoch milliseconds. */
export interface SessionFieldsView {
  userId: string;
  multiFactorLast: number | null;
  multiFactorAuthExp: number | null;
  sessionRenewedAt: number;
  sessionExpiresAt: number;
  sudoLast: number | null;
  sudoExpiresAt: number | null;
  /** Set for an EMR launch session (spec 000 §4); its orgs are that organisation only. */
  singleOrg: string | null;
}

/** A session (spec 000 §3) with its organisations. The token stays in the HttpOnly cookie: never sent. */
export interface SessionView<Org = SessionOrgBriefView> extends SessionFieldsView {
  orgs: SessionOrgsView<Org>;
}

/** What sign-up, sign-in, MFA verification and a password change answer. */
export interface UserAndSessionView<Org = SessionOrgBriefView> {
  user: UserView;
  session: SessionView<Org>;
}

/** A saved signature (spec 000 §6): SVG path data. */
export interface SignatureView {
  id: string;
  path: string;
}
