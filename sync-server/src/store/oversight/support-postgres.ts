import type { PageRequest } from '../../pages.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type {
  SupportDeviceRow,
  SupportHitRow,
  SupportLogFilter,
  SupportLogRow,
  SupportOrgRow,
  SupportStore,
  SupportUserRow,
  SyncHealthRow,
} from './support-types.js';

/** The text as a LIKE pattern that holds it anywhere (%, _ and \ taken literally). */
const holding = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const num = (v: unknown): number => Number(v);

const RECENT_UNSIGNED = 10;

/**
 * The team's customer-support reads (issue 41) on PostgreSQL (issue 43), over the PostgreSQL
 * schemas of users, sessions, orgs, org_parents, org_members, sync_documents and client_logs.
 * ILIKE where SQLite's LIKE ignores ASCII case; ids and emails ordered byte-wise (COLLATE "C"),
 * as SQLite's BINARY does.
 */
export class PostgresSupportStore implements SupportStore {
  constructor(private readonly db: PostgresDatabase) {}

  async search(text: string, limit: number): Promise<SupportHitRow[]> {
    const like = holding(text);
    const { rows: users } = await this.db.query(
      `SELECT 'user' AS kind, id, name, email AS detail FROM users
       WHERE id = $1 OR email ILIKE $2 ESCAPE '\\' OR name ILIKE $2 ESCAPE '\\' ORDER BY email COLLATE "C" LIMIT $3`,
      [text, like, limit],
    );
    const { rows: orgs } = await this.db.query(
      `SELECT 'organisation' AS kind, id, name, type AS detail FROM orgs
       WHERE id ILIKE $1 ESCAPE '\\' OR name ILIKE $1 ESCAPE '\\' OR email ILIKE $1 ESCAPE '\\'
       ORDER BY id = $2 DESC, name COLLATE "C", id COLLATE "C" LIMIT $3`,
      [like, text, limit],
    );
    return [...users, ...orgs] as SupportHitRow[];
  }

  async user(userId: string): Promise<SupportUserRow | null> {
    const { rows } = await this.db.query('SELECT id, name, email, created_at FROM users WHERE id = $1', [userId]);
    const r = rows[0];
    return r
      ? { id: r.id as string, name: r.name as string, email: r.email as string, createdAt: num(r.created_at) }
      : null;
  }

  async devices(userId: string, now: number): Promise<SupportDeviceRow[]> {
    const { rows } = await this.db.query(
      `SELECT id, user_agent, created_at, renewed_at FROM sessions
       WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2 ORDER BY renewed_at DESC, id COLLATE "C"`,
      [userId, now],
    );
    return rows.map((r) => ({
      ...{ sessionId: r.id as string, userAgent: r.user_agent as string | null },
      ...{ signedInAt: num(r.created_at), lastSeenAt: num(r.renewed_at) },
    }));
  }

  async org(orgId: string): Promise<SupportOrgRow | null> {
    const { rows } = await this.db.query('SELECT id, name, type, created_at FROM orgs WHERE id = $1', [orgId]);
    const o = rows[0];
    if (!o) return null;
    const { rows: parents } = await this.db.query<{ id: string }>(
      'SELECT parent_org_id AS id FROM org_parents WHERE org_id = $1 ORDER BY parent_org_id COLLATE "C"',
      [orgId],
    );
    const { rows: members } = await this.db.query<{ userId: string; name: string; email: string; roles: string }>(
      `SELECT u.id AS "userId", u.name, u.email, m.roles FROM org_members m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 ORDER BY u.email COLLATE "C"`,
      [orgId],
    );
    return {
      ...{ id: o.id as string, name: o.name as string, type: o.type as string, createdAt: num(o.created_at) },
      parents: parents.map((p) => p.id),
      members: members.map((m) => ({ ...m, roles: JSON.parse(m.roles) as string[] })),
    };
  }

  async syncHealth(orgId: string): Promise<SyncHealthRow> {
    const { rows } = await this.db.query(
      `SELECT count(*) AS documents, count(*) - count(finalized_at) AS unsigned,
         max(updated_at COLLATE "C") AS "lastSavedAt"
       FROM sync_documents WHERE org_id = $1`,
      [orgId],
    );
    const counts = rows[0]!;
    const { rows: recentUnsigned } = await this.db.query<{ docId: string; lastSavedAt: string }>(
      `SELECT doc_id AS "docId", updated_at AS "lastSavedAt" FROM sync_documents
       WHERE org_id = $1 AND finalized_at IS NULL ORDER BY updated_at COLLATE "C" DESC, doc_id COLLATE "C" LIMIT $2`,
      [orgId, RECENT_UNSIGNED],
    );
    return {
      ...{ orgId, documents: num(counts.documents), unsigned: num(counts.unsigned) },
      ...{ lastSavedAt: counts.lastSavedAt as string | null, recentUnsigned },
    };
  }

  async clientLogs(filter: SupportLogFilter, page: PageRequest): Promise<SupportLogRow[]> {
    const where = ['userId' in filter ? 'user_id = $2' : 'org_id = $2'];
    const params: unknown[] = [page.first, 'userId' in filter ? filter.userId : filter.orgId];
    const m = page.after === null ? null : /^(\d+)~(\d+)$/.exec(page.after);
    if (m) {
      where.push('(at < $3 OR (at = $3 AND id < $4))');
      params.push(Number(m[1]), Number(m[2]));
    }
    const { rows } = await this.db.query(
      `SELECT id, at, level, kind, error_name AS "errorName", code, source AS "where", route,
              app_version AS "appVersion", user_id AS "userId", org_id AS "orgId"
       FROM client_logs WHERE ${where.join(' AND ')} ORDER BY at DESC, id DESC LIMIT $1`,
      params,
    );
    return rows.map((r) => ({ ...(r as SupportLogRow), id: num(r.id), at: num(r.at) }));
  }
}
