import type { OrgChecklistKind } from '@vigil/shared';

/*
 * The office checklists' repository (issue 39; spec 001 §3 checklists, spec 002 §4 checklist
 * form). Every method is async and every write one atomic step, so another implementation only
 * has to implement this interface and pass contract.test.ts.
 */

/** One office checklist as stored. Times are epoch milliseconds. */
export interface OrgChecklistRecord {
  orgId: string;
  kind: OrgChecklistKind;
  items: string[];
  updatedBy: string | null;
  updatedAt: number;
}

export interface OrgChecklistStore {
  /** The organisation's saved checklists (at most one per kind), in no particular order. */
  list(orgId: string): Promise<OrgChecklistRecord[]>;
  /** Writes the organisation's one checklist of a kind, replacing the earlier one; answers it as stored. */
  put(checklist: OrgChecklistRecord): Promise<OrgChecklistRecord>;
}
