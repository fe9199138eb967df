import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RequireAuth } from '../../session/guards.js';
import { useSession } from '../../session/SessionProvider.js';
import { mayOpenOrg, orgAppRedirect } from '../../session/sessionOrgs.js';

function Membership({ orgId, children }: { orgId: string; children: ReactNode }): ReactNode {
  const { session } = useSession();
  const elsewhere = orgAppRedirect(session, orgId);
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  if (!mayOpenOrg(session, orgId)) return <Navigate to="/" replace />;
  return children;
}

/**
 * The organisation app's guard (spec 000 §4, §6): full authentication (else sign-in, sign-up or
 * MFA, keeping the return URL), then membership; a user in the wrong organisation who is not an
 * internal or parent user is sent home; the session's own parent organisation opens its Admin
 * Dashboard. What they may read is still the server's decision.
 */
export function RequireOrgAccess({ orgId, children }: { orgId: string; children: ReactNode }): ReactNode {
  return <RequireAuth children={<Membership orgId={orgId} children={children} />} />;
}
