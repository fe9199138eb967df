import { MemoryDatabase } from '../memory/database.js';
import type { OrgFormContent, OrgFormRecord, OrgFormStore } from './types.js';

/** The content fields of a form, copied: the store keeps nothing a caller holds. */
const contentOf = (c: OrgFormContent): OrgFormContent => ({
  type: c.type,
  name: c.name,
  markdown: c.markdown,
  challenge: c.challenge,
  addToAll: c.addToAll,
  fields: structuredClone(c.fields),
});

/** The organisation forms in memory: the second implementation of the contract (issue 36). */
export class MemoryOrgFormStore implements OrgFormStore {
  /** In creation order (SQLite's rowid). */
  private readonly forms;

  constructor(private readonly db = new MemoryDatabase()) {
    this.forms = db.table<OrgFormRecord[]>([]);
  }

  list(orgIds: readonly string[]): Promise<OrgFormRecord[]> {
    return this.db.run(() => {
      const hits = this.forms.value
        .filter((f) => orgIds.includes(f.orgId) && f.deletedAt === null)
        // A stable sort: equal times stay in creation order.
        .sort((a, b) => a.createdAt - b.createdAt);
      return structuredClone(hits);
    });
  }

  get(orgId: string, formId: string): Promise<OrgFormRecord | null> {
    return this.db.run(() => {
      const form = this.find(orgId, formId);
      return form ? structuredClone(form) : null;
    });
  }

  create(form: { id: string; orgId: string; createdBy: string | null; at: number } & OrgFormContent): Promise<void> {
    return this.db.run(() => {
      // Form ids are unique across organisations, as the table's primary key.
      if (this.forms.value.some((f) => f.id === form.id)) throw new Error('a form with this id exists');
      this.forms.value.push({
        id: form.id,
        orgId: form.orgId,
        ...contentOf(form),
        createdBy: form.createdBy,
        createdAt: form.at,
        updatedAt: form.at,
        deletedAt: null,
      });
    });
  }

  update(orgId: string, formId: string, content: OrgFormContent, at: number): Promise<boolean> {
    return this.db.run(() => {
      const form = this.find(orgId, formId);
      if (!form || form.deletedAt !== null) return false;
      Object.assign(form, contentOf(content), { updatedAt: at });
      return true;
    });
  }

  delete(orgId: string, formId: string, at: number): Promise<boolean> {
    return this.db.run(() => {
      const form = this.find(orgId, formId);
      if (!form || form.deletedAt !== null) return false;
      form.deletedAt = at;
      return true;
    });
  }

  private find(orgId: string, formId: string): OrgFormRecord | undefined {
    return this.forms.value.find((f) => f.orgId === orgId && f.id === formId);
  }
}
