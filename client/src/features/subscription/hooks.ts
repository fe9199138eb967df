import type { InvoiceView, PlanView, SubscriptionView, TeamPlanView } from '@vigil/shared';
import { useCallback, useEffect } from 'react';
import { useCachedQuery, type CachedQueryState, type SettingsStore } from '../../data/settingsCache.js';
import { useLoad, type Loaded } from '../../data/useLoad.js';
import * as api from './api.js';

export type { Loaded };

const statusListeners = new Set<(orgId: string) => void>();

/** Tells every reader of an organisation's status (the banner) that the subscription changed. */
export function notifySubscriptionChanged(orgId: string): void {
  for (const listener of statusListeners) listener(orgId);
}

/** The name the organisation's subscription status is kept under on the device. */
export const SUBSCRIPTION_STATUS_SETTING = 'subscriptionStatus';

/**
 * The organisation's subscription status (spec 000 §3 Org subscriptionStatus), read by every
 * member and kept on the device like the other settings: offline, the last one read.
 */
export function useOrgSubscriptionStatus(
  orgId: string,
  { store }: { store?: SettingsStore } = {},
): CachedQueryState<api.OrgStatus> & { reload: () => void } {
  const query = useCachedQuery(orgId, SUBSCRIPTION_STATUS_SETTING, api.fetchOrgStatus, store ? { store } : {});
  const { reload } = query;
  useEffect(() => {
    const listener = (changed: string): void => {
      if (changed === orgId) reload();
    };
    statusListeners.add(listener);
    return () => {
      statusListeners.delete(listener);
    };
  }, [orgId, reload]);
  return query;
}

/** The name the organisation's plan limits are kept under on the device. */
export const PLAN_LIMITS_SETTING = 'planLimits';

/**
 * What the organisation's plan allows (issue 37): its tier and the deepest sedation level a new
 * case may have, kept on the device so the new case form offers the same levels offline.
 */
export function useOrgPlanLimits(
  orgId: string,
  { store }: { store?: SettingsStore } = {},
): CachedQueryState<api.OrgPlanLimits> {
  return useCachedQuery(orgId, PLAN_LIMITS_SETTING, api.fetchOrgPlanLimits, store ? { store } : {});
}

export function usePlans(): Loaded<PlanView[]> {
  return useLoad(useCallback(() => api.fetchPlans(), []));
}

/** Every plan, archived ones too (the team's plan screens; internal team only). */
export function useTeamPlans(): Loaded<TeamPlanView[]> {
  return useLoad(useCallback(() => api.fetchTeamPlans(), []));
}

/** The subscription page's data; null (not asked) for someone who does not administer the organisation. */
export function useSubscription(orgId: string, enabled: boolean): Loaded<SubscriptionView> {
  const load = useCallback(() => api.fetchSubscription(orgId), [orgId]);
  return useLoad(enabled ? load : null);
}

/** The next invoice as it stands, or with a change; reloaded when the subscription changes (`key`). */
export function useInvoicePreview(
  orgId: string,
  enabled: boolean,
  change: { priceId?: string; providers?: number },
  key: unknown,
): Loaded<InvoiceView | null> {
  const { priceId, providers } = change;
  const load = useCallback(
    () =>
      api.previewInvoice(orgId, {
        ...(priceId !== undefined ? { priceId } : {}),
        ...(providers !== undefined ? { providers } : {}),
      }),
    // `key` reloads it after the subscription changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [orgId, priceId, providers, key],
  );
  return useLoad(enabled ? load : null);
}

/** Past invoices, newest first, a page at a time (`loadMore` appends the next after the last shown). */
export function useInvoices(
  orgId: string,
  enabled: boolean,
  pageSize: number,
  key: unknown,
): Loaded<{ invoices: InvoiceView[]; hasMore: boolean }> & { loadMore: () => Promise<void> } {
  const load = useCallback(
    () => api.fetchInvoices(orgId, pageSize, null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [orgId, pageSize, key],
  );
  const loaded = useLoad(enabled ? load : null);
  const { data, set } = loaded;
  const loadMore = useCallback(async () => {
    const last = data?.invoices.at(-1)?.id;
    if (!data || !last) return;
    const page = await api.fetchInvoices(orgId, pageSize, last);
    set({ invoices: [...data.invoices, ...page.invoices], hasMore: page.hasMore });
  }, [orgId, pageSize, data, set]);
  return { ...loaded, loadMore };
}
