import { AUTH_TEXTS, isSudoValid } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useReturnUrl } from '../../session/guards.js';
import { useSession } from '../../session/SessionProvider.js';
import { SudoConfirm } from '../../session/SudoConfirm.js';

/**
 * /sudo?returnUrl= (spec 000 §2, §4): 'Confirm your identity'; a correct code (or a skipped
 * sudo) returns to returnUrl.
 */
export function SudoPage(): ReactNode {
  const navigate = useNavigate();
  const { user, session } = useSession();
  const returnUrl = useReturnUrl() ?? '/profile';
  if (!user || !session) return null;
  if (isSudoValid(session, Date.now())) return <Navigate to={returnUrl} replace />;
  return (
    <Page title={AUTH_TEXTS.sudoTitle}>
      <SudoConfirm onConfirmed={() => void navigate(returnUrl, { replace: true })} onCancel={() => void navigate(-1)} />
    </Page>
  );
}
