import type { PageRequest } from '../../pages.js';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
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

const RECENT_UNSIGNED = 10;

/** The team's customer-support reads (issue 41) over the server's SQLite database. */
export class SqliteSupportStore implements SupportStore {
  constructor(private readonly db: Db) {}

  search(text: string, limit: number): Promise<SupportHitRow[]> {
    return serialized(this.db, () => {
      const like = holding(text);
      const users = this.db
        .prepare(
          `SELECT 'user' AS kind, id, name, email AS detail FROM users
           WHERE id = ? OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' ORDER BY email LIMIT ?`,
        )
        .all(text, like, like, limit) as SupportHitRow[];
      const orgs = this.db
        .prepare(
          `SELECT 'organisation' AS kind, id, name, type AS detail FROM orgs
           WHERE id LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\'
           ORDER BY id = ? DESC, name, id LIMIT ?`,
        )
        .all(like, like, like, text, limit) as SupportHitRow[];
      return [...users, ...orgs];
    });
  }

  user(userId: string): Promise<SupportUserRow | null> {
    return serialized(
      this.db,
      () =>
        (this.db.prepare('SELECT id, name, email, created_at AS createdAt FROM users WHERE id = ?').get(userId) as
          SupportUserRow | undefined) ?? null,
    );
  }

  devices(userId: string, now: number): Promise<SupportDeviceRow[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT id AS sessionId, user_agent AS userAgent, created_at AS signedInAt, renewed_at AS lastSeenAt
             FROM sessions WHERE user_id = ? AND ended_at IS NULL AND expires_at > ? ORDER BY renewed_at DESC, id`,
          )
          .all(userId, now) as SupportDeviceRow[],
    );
  }

  org(orgId: string): Promise<SupportOrgRow | null> {
    return serialized(this.db, () => {
      const org = this.db
        .prepare('SELECT id, name, type, created_at AS createdAt FROM orgs WHERE id = ?')
        .get(orgId) as Omit<SupportOrgRow, 'parents' | 'members'> | undefined;
      if (!org) return null;
      const parents = this.db
        .prepare('SELECT parent_org_id AS id FROM org_parents WHERE org_id = ? ORDER BY parent_org_id')
        .all(orgId) as { id: string }[];
      const members = this.db
        .prepare(
          `SELECT u.id AS userId, u.name, u.email, m.roles FROM org_members m JOIN users u ON u.id = m.user_id
           WHERE m.org_id = ? ORDER BY u.email`,
        )
        .all(orgId) as { userId: string; name: string; email: string; roles: string }[];
      return {
        ...org,
        parents: parents.map((p) => p.id),
        members: members.map((m) => ({ ...m, roles: JSON.parse(m.roles) as string[] })),
      };
    });
  }

  syncHealth(orgId: string): Promise<SyncHealthRow> {
    return serialized(this.db, () => {
      const counts = this.db
        .prepare(
          `SELECT count(*) AS documents, count(*) - count(finalized_at) AS unsigned, max(updated_at) AS lastSavedAt
           FROM sync_documents WHERE org_id = ?`,
        )
        .get(orgId) as { documents: number; unsigned: number; lastSavedAt: string | null };
      const recentUnsigned = this.db
        .prepare(
          `SELECT doc_id AS docId, updated_at AS lastSavedAt FROM sync_documents
           WHERE org_id = ? AND finalized_at IS NULL ORDER BY updated_at DESC, doc_id LIMIT ?`,
        )
        .all(orgId, RECENT_UNSIGNED) as { docId: string; lastSavedAt: string }[];
      return { orgId, ...counts, recentUnsigned };
    });
  }

  clientLogs(filter: SupportLogFilter, page: PageRequest): Promise<SupportLogRow[]> {
    return serialized(this.db, () => {
      const where = ['userId' in filter ? 'user_id = ?' : 'org_id = ?'];
      const params: unknown[] = ['userId' in filter ? filter.userId : filter.orgId];
      const m = page.after === null ? null : /^(\d+)~(\d+)$/.exec(page.after);
      if (m) {
        where.push('(at < ? OR (at = ? AND id < ?))');
        params.push(Number(m[1]), Number(m[1]), Number(m[2]));
      }
      return this.db
        .prepare(
          `SELECT id, at, level, kind, error_name AS errorName, code, source AS "where", route,
                  app_version AS appVersion, user_id AS userId, org_id AS orgId
           FROM client_logs WHERE ${where.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(...params, page.first) as SupportLogRow[];
    });
  }
}
