/**
 * Where /auth/action sends a link from an email (spec 000 §2): resetPassword → /password-reset
 * with the code; verifyEmail or verifyAndChangeEmail → /verify-email-code with verifyCode.
 * Null for an unknown mode or a missing code.
 */
export function authActionTarget(search: string): string | null {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const code = params.get('oobCode');
  if (!code) return null;
  switch (mode) {
    case 'resetPassword':
      return `/password-reset?${new URLSearchParams({ code }).toString()}`;
    case 'verifyEmail':
    case 'verifyAndChangeEmail':
      return `/verify-email-code?${new URLSearchParams({ verifyCode: code }).toString()}`;
    default:
      return null;
  }
}
