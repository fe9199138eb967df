import type { OrgFormField, OrgFormType } from '@vigil/shared';
import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { OrgFormContent, OrgFormRecord, OrgFormStore } from './types.js';

interface FormRow {
  id: string;
  org_id: string;
  type: OrgFormType;
  name: string;
  markdown: string;
  challenge: number;
  add_to_all: number;
  fields: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

const record = (r: FormRow): OrgFormRecord => ({
  id: r.id,
  orgId: r.org_id,
  type: r.type,
  name: r.name,
  markdown: r.markdown,
  challenge: r.challenge === 1,
  addToAll: r.add_to_all === 1,
  fields: JSON.parse(r.fields) as OrgFormField[],
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  deletedAt: r.deleted_at,
});

/** The organisation forms' repository over better-sqlite3 (table org_forms). */
export class SqliteOrgFormStore implements OrgFormStore {
  constructor(private readonly db: Db) {}

  list(orgIds: readonly string[]): Promise<OrgFormRecord[]> {
    return serialized(this.db, () => {
      if (orgIds.length === 0) return [];
      const marks = orgIds.map(() => '?').join(', ');
      const rows = this.db
        .prepare(`SELECT * FROM org_forms WHERE org_id IN (${marks}) AND deleted_at IS NULL ORDER BY created_at, rowid`)
        .all(...orgIds) as FormRow[];
      return rows.map(record);
    });
  }

  get(orgId: string, formId: string): Promise<OrgFormRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM org_forms WHERE org_id = ? AND id = ?').get(orgId, formId) as
        FormRow | undefined;
      return row ? record(row) : null;
    });
  }

  create(form: { id: string; orgId: string; createdBy: string | null; at: number } & OrgFormContent): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_forms (id, org_id, type, name, markdown, challenge, add_to_all, fields, created_by,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          form.id,
          form.orgId,
          form.type,
          form.name,
          form.markdown,
          form.challenge ? 1 : 0,
          form.addToAll ? 1 : 0,
          JSON.stringify(form.fields),
          form.createdBy,
          form.at,
          form.at,
        );
      return;
    });
  }

  update(orgId: string, formId: string, content: OrgFormContent, at: number): Promise<boolean> {
    return serialized(this.db, () => {
      const result = this.db
        .prepare(
          `UPDATE org_forms SET type = ?, name = ?, markdown = ?, challenge = ?, add_to_all = ?, fields = ?,
           updated_at = ?
         WHERE org_id = ? AND id = ? AND deleted_at IS NULL`,
        )
        .run(
          content.type,
          content.name,
          content.markdown,
          content.challenge ? 1 : 0,
          content.addToAll ? 1 : 0,
          JSON.stringify(content.fields),
          at,
          orgId,
          formId,
        );
      return result.changes === 1;
    });
  }

  delete(orgId: string, formId: string, at: number): Promise<boolean> {
    return serialized(this.db, () => {
      const result = this.db
        .prepare('UPDATE org_forms SET deleted_at = ? WHERE org_id = ? AND id = ? AND deleted_at IS NULL')
        .run(at, orgId, formId);
      return result.changes === 1;
    });
  }
}
