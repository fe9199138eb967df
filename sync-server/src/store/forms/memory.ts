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
  private readonly forms: OrgFormRecord[] = [];

  list(orgIds: readonly string[]): Promise<OrgFormRecord[]> {
    const hits = this.forms
      .filter((f) => orgIds.includes(f.orgId) && f.deletedAt === null)
      // A stable sort: equal times stay in creation order.
      .sort((a, b) => a.createdAt - b.createdAt);
    return Promise.resolve(structuredClone(hits));
  }

  get(orgId: string, formId: string): Promise<OrgFormRecord | null> {
    const form = this.find(orgId, formId);
    return Promise.resolve(form ? structuredClone(form) : null);
  }

  create(form: { id: string; orgId: string; createdBy: string | null; at: number } & OrgFormContent): Promise<void> {
    // Form ids are unique across organisations, as the table's primary key.
    if (this.forms.some((f) => f.id === form.id)) return Promise.reject(new Error('a form with this id exists'));
    this.forms.push({
      id: form.id,
      orgId: form.orgId,
      ...contentOf(form),
      createdBy: form.createdBy,
      createdAt: form.at,
      updatedAt: form.at,
      deletedAt: null,
    });
    return Promise.resolve();
  }

  update(orgId: string, formId: string, content: OrgFormContent, at: number): Promise<boolean> {
    const form = this.find(orgId, formId);
    if (!form || form.deletedAt !== null) return Promise.resolve(false);
    Object.assign(form, contentOf(content), { updatedAt: at });
    return Promise.resolve(true);
  }

  delete(orgId: string, formId: string, at: number): Promise<boolean> {
    const form = this.find(orgId, formId);
    if (!form || form.deletedAt !== null) return Promise.resolve(false);
    form.deletedAt = at;
    return Promise.resolve(true);
  }

  private find(orgId: string, formId: string): OrgFormRecord | undefined {
    return this.forms.find((f) => f.orgId === orgId && f.id === formId);
  }
}
