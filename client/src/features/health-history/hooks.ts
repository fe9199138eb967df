import { useMemo } from 'react';
import type { Composition } from '@vigil/shared';
import { cachedOfType, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { useRefresh } from '../../data/useResources.js';
import { useSession } from '../../session/SessionProvider.js';
import { useOrgUnits as useOrgMeasurementUnits } from '../../data/orgSettings.js';
import { measurementUnits } from '../../data/measurements.js';
import { HEALTH_HISTORY_KIND } from '../../sync/documentKind.js';
import type { SyncedDocument } from '../../sync/syncedDocument.js';
import { useSyncedDocument } from '../../sync/useSyncedDocument.js';
import {
  healthHistoryCards,
  healthHistorySearch,
  isPatientHealthHistory,
  type HealthHistoryCard,
} from '../../data/healthHistories.js';

/** Health history fetch states (spec 001 §4): fetching, fetched, error. */
export type HealthHistoryFetchState = 'fetching' | 'fetched' | 'error';

export interface PatientHealthHistories {
  state: HealthHistoryFetchState;
  /** The cards, from this device's cache (so they show offline), refreshed from the server. */
  cards: HealthHistoryCard[];
  /** The error code of the last fetch (spec 001 §8: kept with the patient id). */
  error: string | null;
  patientId: string;
}

/**
 * A patient's health histories (spec 001 §4, §7): the FHIR search by subject and type, cached on
 * this device, as summary cards. `fetched` once the server answered or the cache has some; `error`
 * when the fetch failed with nothing cached.
 */
export function usePatientHealthHistories(orgId: string, patientId: string, now = Date.now()): PatientHealthHistories {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Composition'), `compositions|${orgId}`);
  const refresh = useRefresh(`hhx|${orgId}|${patientId}`, async () => {
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Composition', healthHistorySearch(patientId)));
  });
  const mine = useMemo(() => (all ?? []).filter((c) => isPatientHealthHistory(c, patientId)), [all, patientId]);
  // The clock is read per minute: the 6-month cutoff does not need more.
  const minute = Math.floor(now / 60_000);
  const cards = useMemo(() => healthHistoryCards(mine, minute * 60_000), [mine, minute]);
  const state: HealthHistoryFetchState =
    all === undefined
      ? 'fetching'
      : refresh.refreshing && cards.length === 0
        ? 'fetching'
        : refresh.error && refresh.error !== 'NETWORK_ERROR' && cards.length === 0
          ? 'error'
          : 'fetched';
  return { state, cards, error: refresh.error, patientId };
}

/** Caches a Composition the server returned (newHhx, copyHhx) so the summary shows it at once. */
export async function cacheComposition(orgId: string, fhirJSON: string): Promise<void> {
  const composition = JSON.parse(fhirJSON) as Composition;
  await cacheResources(orgId, [composition]);
}

/** Opens a health history's synced document (the generic sync, health history kind) while mounted. */
export function useHealthHistoryDocument(orgId: string, healthHistoryId: string): SyncedDocument | null {
  const { user, session } = useSession();
  const membership = session
    ? [...session.orgs.regular, ...session.orgs.parent, ...session.orgs.vigil, ...session.orgs.reseller].find(
        (o) => o.id === orgId,
      )
    : undefined;
  return useSyncedDocument(HEALTH_HISTORY_KIND, {
    orgId,
    docId: healthHistoryId,
    user: {
      name: user?.name ?? 'Guest',
      role: membership?.roles.join(', ') || 'guest',
      device: /Mobi|Tablet|iPad|Android/.test(navigator.userAgent) ? 'tablet' : 'desktop',
    },
  }).document;
}

/** Whether the signed-in user can sign health histories: a provider of the organisation (spec 002 §6). */
export function useCanSign(orgId: string): boolean {
  const { session } = useSession();
  return session?.orgs.regular.some((o) => o.id === orgId && o.roles.includes('provider')) ?? false;
}

/**
 * The organisation's default units (spec 000 §3 defaultWeightUnit / defaultHeightUnit): the one
 * reader the patient form uses too (kept on this device once read, so a history opened offline
 * reads '70' in the organisation's unit); lb and in until known.
 */
export function useOrgUnits(orgId: string): { weightUnit: 'kg' | 'lb'; heightUnit: 'cm' | 'in' } {
  const units = useOrgMeasurementUnits(orgId) ?? measurementUnits(null);
  return { weightUnit: units.weight, heightUnit: units.height };
}
