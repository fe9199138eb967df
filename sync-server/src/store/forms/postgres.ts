import type { OrgFormField, OrgFormType } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { OrgFormContent, OrgFormRecord, OrgFormStore } from './types.js';

const record = (r: Record<string, unknown>): OrgFormRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  type: r.type as OrgFormType,
  name: r.name as string,
  markdown: r.markdown as string,
  challenge: r.challenge === 1,
  addToAll: r.add_to_all === 1,
  fields: JSON.parse(r.fields as string) as OrgFormField[],
  createdBy: r.created_by as string | null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  deletedAt: r.deleted_at === null ? null : Number(r.deleted_at),
});

/**
 * The organisation forms' repository on PostgreSQL (org_forms, PG migration 70; issue 43). Each
 * write is one conditional statement: an update or a delete touches only a form not deleted, so
 * of two instances deleting one form one answers true.
 */
export class PostgresOrgFormStore implements OrgFormStore {
  constructor(private readonly db: PostgresDatabase) {}

  async list(orgIds: readonly string[]): Promise<OrgFormRecord[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM org_forms WHERE org_id = ANY($1::text[]) AND deleted_at IS NULL ORDER BY created_at, row_id',
      [[...orgIds]],
    );
    return rows.map(record);
  }

  async get(orgId: string, formId: string): Promise<OrgFormRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM org_forms WHERE org_id = $1 AND id = $2', [orgId, formId]);
    return rows[0] ? record(rows[0]) : null;
  }

  async create(
    form: { id: string; orgId: string; createdBy: string | null; at: number } & OrgFormContent,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO org_forms (id, org_id, type, name, markdown, challenge, add_to_all, fields, created_by,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
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
      ],
    );
  }

  async update(orgId: string, formId: string, content: OrgFormContent, at: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE org_forms SET type = $1, name = $2, markdown = $3, challenge = $4, add_to_all = $5, fields = $6,
         updated_at = $7
       WHERE org_id = $8 AND id = $9 AND deleted_at IS NULL`,
      [
        content.type,
        content.name,
        content.markdown,
        content.challenge ? 1 : 0,
        content.addToAll ? 1 : 0,
        JSON.stringify(content.fields),
        at,
        orgId,
        formId,
      ],
    );
    return rowCount === 1;
  }

  async delete(orgId: string, formId: string, at: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE org_forms SET deleted_at = $1 WHERE org_id = $2 AND id = $3 AND deleted_at IS NULL',
      [at, orgId, formId],
    );
    return rowCount === 1;
  }
}
