import type { OfficeDrug } from '@vigil/shared';

/*
 * The office's drug list's repository (issue 39; /org/{orgId}/customize-drugs). Every method is
 * async and every write one atomic step, so another implementation only has to implement this
 * interface and pass contract.test.ts.
 */

/** One organisation's drug list as stored (OD1). Times are epoch milliseconds. */
export interface OfficeDrugListRecord {
  orgId: string;
  drugs: OfficeDrug[];
  updatedBy: string | null;
  updatedAt: number;
}

export interface OfficeDrugStore {
  /** The lists of these organisations (at most one each), in the order of `orgIds`; none for an office that never saved one. */
  lists(orgIds: readonly string[]): Promise<OfficeDrugListRecord[]>;
  /** Writes the organisation's one list, replacing the earlier one; answers it as stored. */
  put(list: OfficeDrugListRecord): Promise<OfficeDrugListRecord>;
}
