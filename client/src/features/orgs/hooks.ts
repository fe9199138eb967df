import { isValidOrgId, ORG_ID_CHECK_DEBOUNCE_MS, type OrgIdAvailability } from '@vigil/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLoad, type Loaded } from '../../data/useLoad.js';
import * as api from './api.js';

/** What a loading hook hands a screen: the data, the error code, and a way to load again. */
export type { Loaded };

export function useOrg(orgId: string): Loaded<api.Org> {
  return useLoad(useCallback(() => api.fetchOrg(orgId), [orgId]));
}

export function useOrgMembers(orgId: string, enabled: boolean): Loaded<api.OrgMember[]> {
  const load = useCallback(() => api.fetchMembers(orgId), [orgId]);
  return useLoad(enabled ? load : null);
}

/** The pending invitations loaded so far, and whether the last page was full (so more may follow). */
export interface PendingInvitationPages {
  items: api.PendingInvitation[];
  more: boolean;
}

/**
 * The members screen's pending invitations (issue 35 item 15): the first page, reloaded after an
 * invitation is sent; `loadMore` appends the next page after the last one shown.
 */
export function usePendingInvitations(
  orgId: string,
  enabled: boolean,
): Loaded<PendingInvitationPages> & { loadMore: () => Promise<void> } {
  const load = useCallback(
    () =>
      api
        .fetchPendingInvitations(orgId, null)
        .then((items) => ({ items, more: items.length === api.PENDING_INVITATIONS_PAGE })),
    [orgId],
  );
  const loaded = useLoad(enabled ? load : null);
  const { data, set } = loaded;
  const loadMore = useCallback(async () => {
    if (!data) return;
    const page = await api.fetchPendingInvitations(orgId, data.items.at(-1)?.id ?? null);
    set({ items: [...data.items, ...page], more: page.length === api.PENDING_INVITATIONS_PAGE });
  }, [orgId, data, set]);
  return { ...loaded, loadMore };
}

export function useInvitation(invitationId: string | null): Loaded<api.OrgInvitation> {
  const load = useCallback(() => api.fetchInvitation(invitationId ?? ''), [invitationId]);
  return useLoad(invitationId ? load : null);
}

/**
 * The create-org ID check (spec 000 §4 org creation, §5): 'checking' from the first keystroke,
 * the server asked once the ID has been still for 500 ms; an ID the rules refuse is invalid
 * without asking.
 */
export function useOrgIdAvailability(orgId: string): OrgIdAvailability | 'checking' | null {
  const [state, setState] = useState<{ id: string; result: OrgIdAvailability | 'checking' } | null>(null);
  useEffect(() => {
    if (orgId === '') {
      setState(null);
      return;
    }
    if (!isValidOrgId(orgId)) {
      setState({ id: orgId, result: 'invalid' });
      return;
    }
    setState({ id: orgId, result: 'checking' });
    let live = true;
    const timer = window.setTimeout(() => {
      api.orgIdAvailability(orgId).then(
        (result) => live && setState({ id: orgId, result }),
        () => live && setState({ id: orgId, result: 'checking' }),
      );
    }, ORG_ID_CHECK_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [orgId]);
  return state && state.id === orgId ? state.result : orgId === '' ? null : 'checking';
}

export function useBaa(orgId: string): Loaded<api.Baa> {
  return useLoad(useCallback(() => api.fetchBaa(orgId), [orgId]));
}

export function useChildOrgs(parentOrgId: string): Loaded<api.Org[]> {
  return useLoad(useCallback(() => api.fetchChildOrgs(parentOrgId), [parentOrgId]));
}

export function useAllOrgs(): Loaded<api.Org[]> {
  return useLoad(useCallback(() => api.fetchAllOrgs(), []));
}

export function useChildOrgMembers(parentOrgId: string): Loaded<api.ChildOrgMember[]> {
  return useLoad(useCallback(() => api.fetchChildOrgMembers(parentOrgId), [parentOrgId]));
}

/** Users for the team app, asked 300 ms after the search stops changing. */
export function useTeamUsers(search: string): Loaded<api.TeamUser[]> {
  const [settled, setSettled] = useState(search);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(search), 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  return useLoad(useCallback(() => api.fetchTeamUsers(settled), [settled]));
}
