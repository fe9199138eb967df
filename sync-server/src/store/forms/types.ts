import type { OrgFormField, OrgFormRecordBase, OrgFormType } from '@vigil/shared';

/*
 * The organisation forms' repository (issue 28, spec 000 §3 "Org form"). Every method is async
 * and every write is one atomic step, so another implementation only has to implement this
 * interface and pass contract.test.ts.
 */

/** A stored form. Times are epoch milliseconds. */
export interface OrgFormRecord extends OrgFormRecordBase {
  createdBy: string | null;
  createdAt: number;
  /** Set when the form was deleted: it is no longer listed, but a task sent before still finds it. */
  deletedAt: number | null;
}

/** What a create or an update writes. */
export interface OrgFormContent {
  type: OrgFormType;
  name: string;
  markdown: string;
  challenge: boolean;
  addToAll: boolean;
  fields: OrgFormField[];
}

export interface OrgFormStore {
  /** The forms (not deleted) of these organisations, oldest first. */
  list(orgIds: readonly string[]): Promise<OrgFormRecord[]>;
  /** One form of the organisation, deleted ones included, or null. */
  get(orgId: string, formId: string): Promise<OrgFormRecord | null>;
  create(form: { id: string; orgId: string; createdBy: string | null; at: number } & OrgFormContent): Promise<void>;
  /** Replaces a form's content; false when the organisation has no such form (or it was deleted). */
  update(orgId: string, formId: string, content: OrgFormContent, at: number): Promise<boolean>;
  /** Marks a form deleted; false when the organisation has no such form (or it was deleted already). */
  delete(orgId: string, formId: string, at: number): Promise<boolean>;
}
