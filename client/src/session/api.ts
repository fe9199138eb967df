import type { LegalAcceptance, SessionOrgBriefView, SessionView, UserAndSessionView, UserView } from '@vigil/shared';
import { graphql } from '../data/graphql.js';

/** The user, session and organisation views of spec 000 §3: shared with the server (shared/src/views/accounts.ts). */
export type User = UserView;

export type SessionOrg = SessionOrgBriefView;

export type Session = SessionView;

export type UserAndSession = UserAndSessionView;

const USER = 'id name email emailVerified emrEmail hasPw sms mfa { channel to verified }';
const ORG = 'id name roles type';
const SESSION = `userId multiFactorLast multiFactorAuthExp sessionRenewedAt sessionExpiresAt sudoLast sudoExpiresAt singleOrg orgs { regular { ${ORG} } parent { ${ORG} } vigil { ${ORG} } reseller { ${ORG} } }`;

export async function fetchUserAndSession(): Promise<{ user: User | null; session: Session | null }> {
  return graphql(`query UserAndSession { user { ${USER} } session { ${SESSION} } }`);
}

export async function signIn(email: string, password: string, botToken: string | null): Promise<UserAndSession> {
  const data = await graphql<{ signIn: UserAndSession }>(
    `mutation SignIn($email: String!, $password: String!, $botToken: String) {
      signIn(email: $email, password: $password, botToken: $botToken) { user { ${USER} } session { ${SESSION} } }
    }`,
    { email, password, botToken },
  );
  return data.signIn;
}

export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  referredBy: string | null;
  botToken: string | null;
  /** The terms and privacy policy accepted, at the versions shown (spec 000 §7). */
  legal: LegalAcceptance[];
}): Promise<UserAndSession> {
  const data = await graphql<{ signUp: UserAndSession }>(
    `mutation SignUp($name: String!, $email: String!, $password: String!, $referredBy: String, $botToken: String, $legal: [LegalAcceptanceInput!]) {
      signUp(name: $name, email: $email, password: $password, referredBy: $referredBy, botToken: $botToken, legal: $legal) {
        user { ${USER} } session { ${SESSION} }
      }
    }`,
    input,
  );
  return data.signUp;
}

export async function signOut(): Promise<void> {
  await graphql('mutation SignOut { signOut }');
}

export async function extendSession(clearSudo: boolean): Promise<Session> {
  const data = await graphql<{ extendSession: Session }>(
    `mutation ExtendSession($clearSudo: Boolean) { extendSession(clearSudo: $clearSudo) { ${SESSION} } }`,
    { clearSudo },
  );
  return data.extendSession;
}

export async function sendMfaVerification(to: string, channel: 'sms' | 'email', sudo: boolean): Promise<void> {
  await graphql(
    'mutation SendMfa($to: String!, $channel: String!, $sudo: Boolean) { sendMfaVerification(to: $to, channel: $channel, sudo: $sudo) }',
    { to, channel, sudo },
  );
}

export async function verifyMfaCode(
  to: string,
  channel: 'sms' | 'email',
  code: string,
  sudo: boolean,
): Promise<UserAndSession> {
  const data = await graphql<{ verifyMfaCode: UserAndSession }>(
    `mutation VerifyMfa($to: String!, $channel: String!, $code: String!, $sudo: Boolean) {
      verifyMfaCode(to: $to, channel: $channel, code: $code, sudo: $sudo) { user { ${USER} } session { ${SESSION} } }
    }`,
    { to, channel, code, sudo },
  );
  return data.verifyMfaCode;
}

/** Removes a verification option (needs sudo, spec 000 §6); the last verified one stays (LAST_MFA_OPTION). */
export async function removeMfaOption(to: string, channel: 'sms' | 'email'): Promise<User> {
  const data = await graphql<{ removeMfaOption: User }>(
    `mutation RemoveMfaOption($to: String!, $channel: String!) { removeMfaOption(to: $to, channel: $channel) { ${USER} } }`,
    { to, channel },
  );
  return data.removeMfaOption;
}

export async function sendEmailVerification(): Promise<void> {
  await graphql('mutation SendEmailVerification { sendEmailVerification }');
}

export async function verifyEmailCode(code: string): Promise<User> {
  const data = await graphql<{ verifyEmailCode: User }>(
    `mutation VerifyEmailCode($code: String!) { verifyEmailCode(code: $code) { ${USER} } }`,
    { code },
  );
  return data.verifyEmailCode;
}

/** Sends a code to the user's EMR email (spec 000 §6 verifyEmrEmail); SUDO_REQUIRED first when it is not the sign-in email. */
export async function sendEmrEmailVerification(): Promise<void> {
  await graphql('mutation SendEmrEmailVerification { sendEmrEmailVerification }');
}

/** Checks that code: the EMR email becomes the verified sign-in email. */
export async function verifyEmrEmailCode(code: string): Promise<User> {
  const data = await graphql<{ verifyEmrEmailCode: User }>(
    `mutation VerifyEmrEmailCode($code: String!) { verifyEmrEmailCode(code: $code) { ${USER} } }`,
    { code },
  );
  return data.verifyEmrEmailCode;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await graphql('mutation SendPasswordReset($email: String!) { sendPasswordReset(email: $email) }', { email });
}

export async function verifyPasswordResetCode(code: string): Promise<string> {
  const data = await graphql<{ verifyPasswordResetCode: string }>(
    'query VerifyPasswordResetCode($code: String!) { verifyPasswordResetCode(code: $code) }',
    { code },
  );
  return data.verifyPasswordResetCode;
}

export async function confirmPasswordReset(code: string, password: string): Promise<void> {
  await graphql(
    'mutation ConfirmPasswordReset($code: String!, $password: String!) { confirmPasswordReset(code: $code, password: $password) }',
    { code, password },
  );
}

export async function changePassword(password: string): Promise<UserAndSession> {
  const data = await graphql<{ changePassword: UserAndSession }>(
    `mutation ChangePassword($password: String!) { changePassword(password: $password) { user { ${USER} } session { ${SESSION} } } }`,
    { password },
  );
  return data.changePassword;
}

export async function updateUserName(name: string): Promise<User> {
  const data = await graphql<{ updateUser: User }>(
    `mutation UpdateUser($name: String!) { updateUser(properties: { name: $name }) { ${USER} } }`,
    { name },
  );
  return data.updateUser;
}

export async function fetchSignature(): Promise<{ id: string; path: string } | null> {
  const data = await graphql<{ signature: { id: string; path: string } | null }>(
    'query Signature { signature { id path } }',
  );
  return data.signature;
}

export async function deleteSignature(): Promise<boolean> {
  const data = await graphql<{ deleteSignature: boolean }>('mutation DeleteSignature { deleteSignature }');
  return data.deleteSignature;
}

export async function changeEmail(email: string): Promise<User> {
  const data = await graphql<{ changeEmail: User }>(
    `mutation ChangeEmail($email: String!) { changeEmail(email: $email) { ${USER} } }`,
    { email },
  );
  return data.changeEmail;
}

export async function updateSignature(path: string): Promise<void> {
  await graphql('mutation UpdateSignature($path: String!) { updateSignature(path: $path) }', { path });
}
