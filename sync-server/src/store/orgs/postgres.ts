import type { FeatureValue } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';
import type { PendingInvitationRecord, InvitationRecord } from './invitations.js';
import type { MemberRecord, TeamUserRecord, UserOrgRecord } from './memberships.js';
import type { OrgChanges, OrgRecord } from './organisations.js';
import type { PlanRecord } from './features.js';
import { rolesOf } from './sqlite-common.js';
import type { OrgStore } from './types.js';
import type { Row } from './postgres-rows.js';
import {
  num,
  orgRecord,
  memberRecord,
  planRecord,
  changeColumns,
  pgTeamUsers,
  MEMBER_COLUMNS,
  PLAN_COLUMNS,
  writePgOrgAudit,
  grantInPg,
} from './postgres-rows.js';

/**
 * The organisations' repository on PostgreSQL (tables of PG migration 10; issue 43): SQLite's
 * statements in PostgreSQL's dialect, sorted text `COLLATE "C"` (SQLite's code-point order). Every
 * write is one unit with its audit events, joining the caller's. Where SQLite read before writing
 * inside its one writer, PostgreSQL decides in the write: a grant inserts or locks the member row,
 * an acceptance uses the invitation up only while it is unused (one of two racing acceptances wins).
 */
export class PostgresOrgStore implements OrgStore {
  constructor(private readonly db: PostgresDatabase) {}

  private async rows(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query(sql, params)).rows;
  }

  async org(id: string): Promise<OrgRecord | null> {
    const [row] = await this.rows('SELECT * FROM orgs WHERE id = $1', [id]);
    return row ? orgRecord(row) : null;
  }

  async allOrgs(): Promise<OrgRecord[]> {
    return (await this.rows('SELECT * FROM orgs ORDER BY name COLLATE "C", id COLLATE "C"')).map(orgRecord);
  }

  async childOrgs(parentOrgId: string): Promise<OrgRecord[]> {
    const rows = await this.rows(
      `SELECT o.* FROM org_parents p JOIN orgs o ON o.id = p.org_id WHERE p.parent_org_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [parentOrgId],
    );
    return rows.map(orgRecord);
  }

  async parentsOf(orgId: string): Promise<string[]> {
    const rows = await this.rows(
      'SELECT parent_org_id FROM org_parents WHERE org_id = $1 ORDER BY parent_org_id COLLATE "C"',
      [orgId],
    );
    return rows.map((r) => r.parent_org_id as string);
  }

  createOrg(
    org: Parameters<OrgStore['createOrg']>[0],
    creator: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, trial_end, is_onboarding, plan_id,
                           referred_by, referral_type, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [
          org.id,
          org.fhirId,
          org.name,
          org.type,
          org.email,
          org.subscriptionStatus,
          org.trialEnd,
          org.isOnboarding ? 1 : 0,
          org.planId,
          org.referredBy,
          org.referralType,
          org.createdBy,
          origin.at,
        ],
      );
      await writePgOrgAudit(this.db, origin, audit);
      return grantInPg(this.db, creator, origin);
    });
  }

  updateOrg(
    orgId: string,
    changes: OrgChanges,
    parents: readonly string[] | null,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    const keys = (Object.keys(changes) as (keyof OrgChanges)[]).filter((k) => changes[k] !== undefined);
    const { values, sets } = changeColumns(keys, changes);
    return this.db.transaction(async () => {
      if (keys.length > 0) {
        await this.db.query(
          `UPDATE orgs SET ${sets.join(', ')}, updated_at = $${keys.length + 1} WHERE id = $${keys.length + 2}`,
          [...values, origin.at, orgId],
        );
      }
      if (parents !== null) {
        // A repeated or self parent is skipped, as SQLite's INSERT OR IGNORE skips it; an unknown one fails.
        await this.db.query('DELETE FROM org_parents WHERE org_id = $1', [orgId]);
        await this.db.query(
          `INSERT INTO org_parents (org_id, parent_org_id) SELECT $1, p FROM unnest($2::text[]) AS p
           WHERE p <> $1 ON CONFLICT DO NOTHING`,
          [orgId, [...parents]],
        );
      }
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  markBaaSigned(orgId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('UPDATE orgs SET has_baa = 1, updated_at = $1 WHERE id = $2', [origin.at, orgId]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  audit(origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return writePgOrgAudit(this.db, origin, audit);
  }

  async members(orgId: string): Promise<MemberRecord[]> {
    const rows = await this.rows(
      `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 ORDER BY u.name COLLATE "C", u.email COLLATE "C"`,
      [orgId],
    );
    return rows.map(memberRecord);
  }

  async memberByUser(orgId: string, userId: string): Promise<MemberRecord | null> {
    const [row] = await this.rows(
      `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 AND m.user_id = $2`,
      [orgId, userId],
    );
    return row ? memberRecord(row) : null;
  }

  async childOrgMembers(parentOrgId: string): Promise<(MemberRecord & { orgName: string })[]> {
    const rows = await this.rows(
      `SELECT o.name AS org_name, ${MEMBER_COLUMNS}
       FROM org_parents p JOIN orgs o ON o.id = p.org_id JOIN org_members m ON m.org_id = o.id
       JOIN users u ON u.id = m.user_id WHERE p.parent_org_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C", u.name COLLATE "C", u.email COLLATE "C"`,
      [parentOrgId],
    );
    return rows.map((r) => ({ ...memberRecord(r), orgName: r.org_name as string }));
  }

  async userOrgs(userId: string): Promise<UserOrgRecord[]> {
    const rows = await this.rows(
      `SELECT o.id, o.name, o.type, o.subscription_status, o.trial_end, o.is_onboarding, m.id AS member_id, m.roles
       FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      type: r.type as OrgRecord['type'],
      subscriptionStatus: r.subscription_status as OrgRecord['subscriptionStatus'],
      trialEnd: num(r.trial_end),
      isOnboarding: r.is_onboarding === 1,
      memberId: r.member_id as string,
      roles: rolesOf(r.roles as string),
    }));
  }

  grantRoles(grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult> {
    return this.db.transaction(() => grantInPg(this.db, grant, origin));
  }

  setMemberRoles(memberId: string, roles: readonly string[], origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('UPDATE org_members SET roles = $1, updated_at = $2 WHERE id = $3', [
        JSON.stringify(roles),
        origin.at,
        memberId,
      ]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  removeMember(memberId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM org_members WHERE id = $1', [memberId]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  teamUsers(search: string, limit: number): Promise<TeamUserRecord[]> {
    return pgTeamUsers(this.db, search, limit);
  }

  async invitationByCodeHash(codeHash: string): Promise<InvitationRecord | null> {
    const [row] = await this.rows(
      'SELECT id, org_id, email, kind, roles, expires_at, used_at FROM org_invitations WHERE code_hash = $1',
      [codeHash],
    );
    return row
      ? {
          id: row.id as string,
          orgId: row.org_id as string,
          email: row.email as string,
          kind: row.kind as InvitationRecord['kind'],
          roles: rolesOf(row.roles as string),
          expiresAt: Number(row.expires_at),
          usedAt: num(row.used_at),
        }
      : null;
  }

  createInvitation(
    invitation: Parameters<OrgStore['createInvitation']>[0],
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          invitation.id,
          invitation.codeHash,
          invitation.orgId,
          invitation.email,
          invitation.kind,
          JSON.stringify(invitation.roles),
          invitation.invitedBy,
          invitation.createdAt,
          invitation.expiresAt,
        ],
      );
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  acceptInvitation(
    invitationId: string,
    grant: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult | 'USED'> {
    return this.db.transaction(async (): Promise<GrantResult | 'USED'> => {
      const used = await this.db.query(
        'UPDATE org_invitations SET used_at = $1, used_by = $2 WHERE id = $3 AND used_at IS NULL',
        [origin.at, grant.userId, invitationId],
      );
      if (used.rowCount !== 1) return 'USED';
      const granted = await grantInPg(this.db, grant, origin);
      await writePgOrgAudit(this.db, origin, audit);
      return granted;
    });
  }

  async pendingInvitations(
    orgId: string,
    now: number,
    page: Parameters<OrgStore['pendingInvitations']>[2],
  ): Promise<PendingInvitationRecord[] | 'UNKNOWN_CURSOR'> {
    let cursor: Row | undefined;
    if (page.after != null) {
      [cursor] = await this.rows('SELECT created_at, id FROM org_invitations WHERE id = $1 AND org_id = $2', [
        page.after,
        orgId,
      ]);
      if (!cursor) return 'UNKNOWN_CURSOR';
    }
    const rows = await this.rows(
      `SELECT i.id, i.email, i.kind, i.roles, u.name AS invited_by_name, i.created_at, i.expires_at
         FROM org_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.org_id = $1 AND i.used_at IS NULL AND i.expires_at > $2
          AND ($3::text IS NULL OR i.created_at < $4::bigint
               OR (i.created_at = $4::bigint AND i.id COLLATE "C" < $3::text COLLATE "C"))
        ORDER BY i.created_at DESC, i.id COLLATE "C" DESC
        LIMIT $5`,
      [orgId, now, cursor?.id ?? null, cursor?.created_at ?? null, page.first],
    );
    return rows.map((r) => ({
      id: r.id as string,
      email: r.email as string,
      kind: r.kind as PendingInvitationRecord['kind'],
      roles: rolesOf(r.roles as string),
      invitedByName: r.invited_by_name as string | null,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
    }));
  }

  async invitationsSentSince(userId: string, since: number): Promise<number> {
    const [row] = await this.rows(
      "SELECT count(*) AS n FROM audit_events WHERE action = 'orgInvitationCreated' AND user_id = $1 AND at > $2",
      [userId, since],
    );
    return Number(row!.n);
  }

  async features(orgId: string): Promise<Record<string, FeatureValue>> {
    const out: Record<string, FeatureValue> = {};
    const rows = await this.rows('SELECT name, value FROM org_features WHERE org_id = $1 ORDER BY name COLLATE "C"', [
      orgId,
    ]);
    for (const row of rows) out[row.name as string] = JSON.parse(row.value as string) as FeatureValue;
    return out;
  }

  setFeature(
    orgId: string,
    name: string,
    value: FeatureValue,
    by: string,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO org_features (org_id, name, value, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [orgId, name, JSON.stringify(value), by, origin.at],
      );
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  removeFeature(orgId: string, name: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM org_features WHERE org_id = $1 AND name = $2', [orgId, name]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  async activePlans(): Promise<PlanRecord[]> {
    const rows = await this.rows(
      `SELECT ${PLAN_COLUMNS} FROM plans WHERE active = 1 ORDER BY product_name COLLATE "C", amount`,
    );
    return rows.map(planRecord);
  }

  async allPlans(): Promise<(PlanRecord & { active: boolean })[]> {
    const rows = await this.rows(
      `SELECT ${PLAN_COLUMNS}, active FROM plans
       ORDER BY product_id COLLATE "C", "interval" COLLATE "C", active DESC, id COLLATE "C"`,
    );
    return rows.map((r) => ({ ...planRecord(r), active: r.active === 1 }));
  }

  async plan(planId: string): Promise<(PlanRecord & { active: boolean }) | null> {
    const [row] = await this.rows(`SELECT ${PLAN_COLUMNS}, active FROM plans WHERE id = $1`, [planId]);
    return row ? { ...planRecord(row), active: row.active === 1 } : null;
  }

  putPlans(plans: readonly (PlanRecord & { active: boolean })[]): Promise<void> {
    return this.db.transaction(async () => {
      for (const p of plans) {
        await this.db.query(
          `INSERT INTO plans (${PLAN_COLUMNS}, active) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, product_id = excluded.product_id,
             product_name = excluded.product_name, nickname = excluded.nickname, "interval" = excluded."interval",
             lookup_key = excluded.lookup_key, product_features_json = excluded.product_features_json,
             active = excluded.active`,
          [
            p.id,
            p.amount,
            p.productId,
            p.productName,
            p.nickname,
            p.interval,
            p.lookupKey,
            p.productFeaturesJson,
            p.active ? 1 : 0,
          ],
        );
      }
    });
  }

  async isActivePlan(planId: string): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM plans WHERE id = $1 AND active = 1', [planId])).length > 0;
  }
}
