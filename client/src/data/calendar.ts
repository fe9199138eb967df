import type { Appointment, Location, Patient, Practitioner } from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';
import { graphql } from './graphql.js';
import { cachedOfType, cacheResources, useDexieQuery } from './db.js';
import { fhirClient } from './fhir.js';
import { useCachedResources, useRefresh, type CachedList } from './useResources.js';
import { usePatients } from './patients.js';

/* The organisation's appointments and the people and places they name, read by the calendar, the cases list, the ledger's case picker and the unsigned reports (issue 36 item 6). */

/** The people and places an appointment refers to, by id. */
export interface ViewLookups {
  patients: ReadonlyMap<string, Patient>;
  practitioners: ReadonlyMap<string, Practitioner>;
  locations: readonly Location[];
  /**
   * The server's word on which cases are signed (GraphQL signedCases: a current signed PDF or a
   * final document), by case id. A case it has not answered for (offline) falls back to the
   * Appointment's signed-report link, which only the server writes ([SG2]).
   */
  signedCases?: ReadonlyMap<string, boolean>;
  /** The cases receiving monitor readings now (LV3): the calendar's 'live' state (spec 000 §4). */
  liveCases?: ReadonlySet<string>;
}

export function byId<T extends { id?: string }>(list: readonly T[] | undefined): Map<string, T> {
  return new Map((list ?? []).flatMap((r) => (r.id ? [[r.id, r] as [string, T]] : [])));
}

/**
 * The organisation's appointments starting in [from, to), from the device's cache (so the
 * calendar works offline; live events keep it fresh), refreshed from the server.
 */
export function useAppointmentsBetween(orgId: string, from: Date, to: Date): CachedList<Appointment & { id: string }> {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Appointment'), `appointments|${orgId}`);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const refresh = useRefresh(`appointments|${orgId}|${fromIso}|${toIso}`, async () => {
    await cacheResources(
      orgId,
      await fhirClient(orgId).fetchAll('Appointment', { date: [`ge${fromIso}`, `lt${toIso}`], _count: 200 }),
    );
  });
  const data = useMemo(
    () =>
      all
        ?.filter((a): a is Appointment & { id: string } => Boolean(a.id && a.start))
        .filter((a) => {
          const t = Date.parse(a.start!);
          return t >= Date.parse(fromIso) && t < Date.parse(toIso);
        })
        .sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!)),
    [all, fromIso, toIso],
  );
  return { data, ...refresh };
}

/** Patients, practitioners and locations by id, for showing appointments. */
export function useViewLookups(orgId: string): ViewLookups & { ready: boolean } {
  const patients = usePatients(orgId, '');
  const practitioners = useCachedResources(orgId, 'Practitioner', {}, { complete: true });
  const locations = useCachedResources(orgId, 'Location', {}, { complete: true });
  const patientsById = useMemo(() => byId(patients.data), [patients.data]);
  const practitionersById = useMemo(() => byId(practitioners.data), [practitioners.data]);
  return {
    patients: patientsById,
    practitioners: practitionersById,
    locations: locations.data ?? [],
    ready: patients.data !== undefined,
  };
}

/** The last answer for each case this tab read (offline, the list keeps what the server said). */
const signedKnown = new Map<string, boolean>();

/**
 * Issue 35 item 9: which of these cases the server's storage holds signed (GraphQL signedCases),
 * asked again whenever one of the appointments changes (a finalize, an unfinalize). Cases it has
 * not answered for are absent; offline or refused, what the tab knew stays.
 */
export function useSignedCases(
  orgId: string,
  appointments: readonly (Appointment & { id: string })[] | undefined,
): ReadonlyMap<string, boolean> {
  const [round, setRound] = useState(0);
  const ids = (appointments ?? []).map((a) => a.id);
  const key = (appointments ?? []).map((a) => `${a.id}@${a.meta?.versionId ?? ''}`).join(',');
  useEffect(() => {
    if (ids.length === 0) return;
    let live = true;
    graphql<{ signedCases: string[] }>(
      'query ($orgId: String!, $caseIds: [String!]!) { signedCases(orgId: $orgId, caseIds: $caseIds) }',
      { orgId, caseIds: ids },
    ).then(
      ({ signedCases }) => {
        const signed = new Set(signedCases);
        for (const id of ids) signedKnown.set(`${orgId}|${id}`, signed.has(id));
        if (live) setRound((r) => r + 1);
      },
      // Offline or refused: what the tab knew stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `key` names the ids and their versions: asked again when one changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orgId, key]);
  return useMemo(() => {
    const known = new Map<string, boolean>();
    for (const id of ids) {
      const signed = signedKnown.get(`${orgId}|${id}`);
      if (signed !== undefined) known.set(id, signed);
    }
    return known;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orgId, key, round]);
}
