import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { CaseDayRow, OnboardingRow, OversightStore } from './types.js';

/** A number PostgreSQL answered (BIGINT and count() come back as text). */
const num = (v: unknown): number => Number(v);
/** A JSON column as text (TEXT or JSONB alike) read back. */
const parsed = (v: unknown): CaseFacts => (typeof v === 'string' ? JSON.parse(v) : v) as CaseFacts;

/**
 * The team app's reads across organisations (issue 41) on PostgreSQL (issue 43): the same reads
 * as sqlite.ts over the PostgreSQL schemas of the tables they cross (orgs, org_members, the
 * analytics read model's analytics_case_facts). Ids are ordered and compared byte-wise (COLLATE
 * "C"), as SQLite's BINARY does, so both engines answer the same pages in the same order.
 */
export class PostgresOversightStore implements OversightStore {
  constructor(private readonly db: PostgresDatabase) {}

  async cases(orgId: string | null, page: PageRequest): Promise<CaseFacts[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown): string => {
      params.push(v);
      return `$${params.length}`;
    };
    if (orgId !== null) where.push(`org_id = ${param(orgId)}`);
    const m = page.after === null ? null : /^(-?\d+)~([^~]+)~(.+)$/.exec(page.after);
    if (m) {
      const [start, org, id] = [param(Number(m[1])), param(m[2]), param(m[3])];
      where.push(
        `(start_key < ${start} OR (start_key = ${start} AND (org_id COLLATE "C" > ${org}
           OR (org_id = ${org} AND case_id COLLATE "C" > ${id}))))`,
      );
    }
    const { rows } = await this.db.query(
      `SELECT facts FROM analytics_case_facts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY start_key DESC, org_id COLLATE "C", case_id COLLATE "C" LIMIT ${param(page.first)}`,
      params,
    );
    return rows.map((r) => parsed(r.facts));
  }

  async onboarding(page: PageRequest): Promise<OnboardingRow[]> {
    const m = page.after === null ? null : /^(\d+)~(.+)$/.exec(page.after);
    const { rows } = await this.db.query(
      `SELECT o.id, o.name, o.created_at, o.trial_end, o.subscription_status, o.is_onboarding, o.plan_id, o.has_baa,
         (SELECT count(*) FROM org_members m WHERE m.org_id = o.id) AS members,
         (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id) AS cases,
         (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id AND f.status = 'finalized') AS signed
       FROM orgs o
       WHERE o.type = 'regular' AND (o.is_onboarding = 1 OR o.subscription_status IN ('trialing', 'none'))
         ${m ? 'AND (o.created_at < $2 OR (o.created_at = $2 AND o.id COLLATE "C" > $3))' : ''}
       ORDER BY o.created_at DESC, o.id COLLATE "C" LIMIT $1`,
      m ? [page.first, Number(m[1]), m[2]] : [page.first],
    );
    return rows.map((r) => ({
      ...{ orgId: r.id as string, name: r.name as string, createdAt: num(r.created_at) },
      ...{ trialEnd: r.trial_end === null ? null : num(r.trial_end) },
      ...{ subscriptionStatus: r.subscription_status as string, isOnboarding: num(r.is_onboarding) === 1 },
      ...{ planChosen: r.plan_id !== null, baaSigned: num(r.has_baa) === 1, members: num(r.members) },
      ...{ cases: num(r.cases), signedCases: num(r.signed) },
    }));
  }

  async orgOfCase(caseId: string): Promise<string | null> {
    const { rows } = await this.db.query('SELECT org_id FROM analytics_case_facts WHERE case_id = $1 LIMIT 1', [
      caseId,
    ]);
    return (rows[0]?.org_id as string | undefined) ?? null;
  }

  async casesPerDay(from: number, to: number): Promise<CaseDayRow[]> {
    // The UTC day of the start's whole second (BIGINT division truncates, as SQLite's does).
    const { rows } = await this.db.query(
      `SELECT to_char(timestamp '1970-01-01' + (start_key / 1000) * interval '1 second', 'YYYY-MM-DD') AS day,
         count(*) AS cases, count(DISTINCT org_id) AS orgs
       FROM analytics_case_facts WHERE start_key >= $1 AND start_key < $2 GROUP BY day ORDER BY day`,
      [from, to],
    );
    return rows.map((r) => ({ day: r.day as string, cases: num(r.cases), orgs: num(r.orgs) }));
  }

  async activeOrgs(from: number, to: number): Promise<number> {
    const { rows } = await this.db.query(
      'SELECT count(DISTINCT org_id) AS n FROM analytics_case_facts WHERE start_key >= $1 AND start_key < $2',
      [from, to],
    );
    return num(rows[0]?.n);
  }
}
