import { effectiveOfficeDrugs, type OfficeDrug, type OfficeDrugsView } from '@vigil/shared';
import { useMemo } from 'react';
import { graphql } from './graphql.js';
import { useCachedQuery, type CachedQueryState, type SettingsStore } from './settingsCache.js';

/*
 * The office's drug list (issue 39; /org/{orgId}/customize-drugs): read through GraphQL and kept
 * on the device with the other settings (settingsCache.ts, name 'officeDrugs'), so a tablet that
 * charts offline after one online visit still shows the office's drugs first and checks its own
 * drugs' maxima. The customise-drugs screen edits it; the case screen's pickers read it.
 */

export type { OfficeDrug, OfficeDrugsView };

/** The cache's name for the office's drug list. */
export const OFFICE_DRUGS_SETTING = 'officeDrugs';

const DRUG = 'id category name custom unit routes commonDoses maximum { unit perKg absolute source }';
const FIELDS = `drugs { ${DRUG} } inherited { ${DRUG} } inheritedFrom editable`;

/** Reads in flight, by organisation: the case screen's pickers opening together share one request. */
const reading = new Map<string, Promise<OfficeDrugsView>>();

/** The office's drug list with its parents' (GraphQL officeDrugs). */
export function fetchOfficeDrugs(orgId: string): Promise<OfficeDrugsView> {
  const pending = reading.get(orgId);
  if (pending) return pending;
  const read = graphql<{ officeDrugs: OfficeDrugsView }>(
    `query OfficeDrugs($orgId: String) { officeDrugs(orgId: $orgId) { ${FIELDS} } }`,
    { orgId },
  )
    .then((data) => data.officeDrugs)
    .finally(() => reading.delete(orgId));
  reading.set(orgId, read);
  return read;
}

/** Replaces the office's own list; answers it as the server keeps it. */
export async function saveOfficeDrugs(orgId: string, drugs: readonly OfficeDrug[]): Promise<OfficeDrugsView> {
  const data = await graphql<{ setOfficeDrugs: OfficeDrugsView }>(
    `mutation SetOfficeDrugs($orgId: String, $drugs: [OfficeDrugInput!]!) {
      setOfficeDrugs(orgId: $orgId, drugs: $drugs) { ${FIELDS} }
    }`,
    { orgId, drugs },
  );
  return data.setOfficeDrugs;
}

export interface OfficeDrugsOptions {
  /** Offline, answer the list this device last read (the default); off for the editor (the server's only). */
  offline?: boolean;
  store?: SettingsStore;
  fetch?: (orgId: string) => Promise<OfficeDrugsView>;
}

/** The office's drug list with the device's copy offline; `set` keeps what a save answered. */
export function useOfficeDrugList(
  orgId: string,
  { offline = true, store, fetch = fetchOfficeDrugs }: OfficeDrugsOptions = {},
): CachedQueryState<OfficeDrugsView> & { set: (value: OfficeDrugsView) => void; reload: () => void } {
  return useCachedQuery(orgId, OFFICE_DRUGS_SETTING, fetch, { offline, ...(store ? { store } : {}) });
}

const NONE: readonly OfficeDrug[] = [];

/** [OD2] The drugs a provider works from (the office's, then its parents'); none before the list is read. */
export function useOfficeDrugs(orgId: string, options: OfficeDrugsOptions = {}): readonly OfficeDrug[] {
  const { data } = useOfficeDrugList(orgId, options);
  return useMemo(() => (data ? effectiveOfficeDrugs(data) : NONE), [data]);
}
