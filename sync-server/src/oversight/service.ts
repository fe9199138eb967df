import {
  type CaseFacts,
  type Composition,
  type TeamCaseRecordView,
  type TeamCaseStatsView,
  type TeamCaseView,
  type TeamDbResultView,
  type TeamOnboardingOrgView,
} from '@vigil/shared';
import { z } from 'zod';
import { recorded, type AuditTrail, type Recorded } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import type { AnalyticsReadModel } from '../analytics/read-model.js';
import { refuse } from '../errors.js';
import type { FhirService } from '../fhir/service.js';
import { parseInput } from '../input.js';
import { caseDataAttachment } from '../sync/projection.js';
import type { PageRequest } from '../pages.js';
import type { TeamUsersService } from './users.js';
import type { TeamEquipmentService } from './equipment.js';
import type { TeamFhirService } from './fhir-browser.js';
import type { TeamSupportService } from './support.js';
import type { CaseFactsStore } from '../store/analytics/types.js';
import { ConsoleRefusal, teamCaseCursor, type DbConsole, type OversightStore } from '../store/oversight/types.js';

export interface OversightDeps {
  store: OversightStore;
  facts: Pick<CaseFactsStore, 'get'>;
  console: Pick<DbConsole, 'run'>;
  model: Pick<AnalyticsReadModel, 'catchUp'>;
  fhir: Pick<FhirService, 'read'>;
  trail: AuditTrail;
  now: () => number;
  /** `/vigil-team/users/{userId}` (users.ts). */
  users: TeamUsersService;
  /** `/vigil-team/fhir` (fhir-browser.ts). */
  fhirBrowser: TeamFhirService;
  /** `/vigil-team/equipment-planner` (equipment.ts). */
  equipment: TeamEquipmentService;
  /** `/vigil-team/customer-support` (support.ts). */
  support: TeamSupportService;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range case-stats counts at once: a quarter of a year, day by day. */
export const CASE_STATS_MAX_DAYS = 92;
/** Rows a console query answers at most. */
export const DB_CONSOLE_MAX_ROWS = 200;
/** The longest statement the console takes. */
export const DB_CONSOLE_MAX_SQL = 4000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.string().min(1).max(64);

/** A case the read model has no row for yet (its record exists). */
const NO_FACTS = { status: 'started', startAt: null, providerName: null, locationName: null } as const;

function caseView(f: CaseFacts): TeamCaseView {
  return {
    orgId: f.orgId,
    caseId: f.caseId,
    status: f.status,
    startAt: f.startAt === null ? null : new Date(f.startAt).toISOString(),
    providerName: f.providerName,
    locationName: f.locationName,
    sedationLevel: f.sedationLevel,
    anesthesiaMinutes: f.anesthesiaMinutes,
    cursor: teamCaseCursor(f),
  };
}

/** The case content a Composition's caseData attachment carries, as indented JSON ('' without one). */
function caseDataText(composition: Composition): string {
  const data = caseDataAttachment(composition)?.data;
  if (!data) return '';
  try {
    return JSON.stringify(JSON.parse(Buffer.from(data, 'base64').toString('utf8')), null, 2);
  } catch {
    return '';
  }
}

/**
 * The team app's oversight screens (issue 41; spec 000 §2 `/vigil-team/cases`, `cases/{caseId}`,
 * `case-stats`, `db-console`), for internal staff only (spec 000 §6). The list and the counts read
 * the analytics read model (no patient data); opening a case reads its record through the FHIR
 * service after a fresh sudo confirmation, so the read is on the organisation's audit trail as the
 * team member's; every console query is recorded on the account trail with its text.
 */
export class OversightService {
  /** A user's organisations, MFA channels and sessions; ending the sessions. */
  readonly users: TeamUsersService;
  /** The read-only FHIR browser (after sudo; every read audited on the organisation's trail). */
  readonly fhirBrowser: TeamFhirService;
  /** The bridges, monitors and scanners each organisation uses. */
  readonly equipment: TeamEquipmentService;
  /** Customer support: find a user or organisation, its devices, sync and browser errors. */
  readonly support: TeamSupportService;

  constructor(private readonly deps: OversightDeps) {
    this.users = deps.users;
    this.support = deps.support;
    this.fhirBrowser = deps.fhirBrowser;
    this.equipment = deps.equipment;
  }

  /** teamCases(orgId, first, after): every organisation's cases (or one's), newest first. */
  async cases(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<TeamCaseView[]> {
    internalStaff(caller);
    const { orgId } = parseInput(z.object({ orgId: id.nullish() }), { orgId: args.orgId });
    await this.deps.model.catchUp();
    return (await this.deps.store.cases(orgId ?? null, page)).map(caseView);
  }

  /** teamCase(caseId): one case, read-only, after sudo; the record's read audited as the team member's. */
  async case(caller: Caller, args: Record<string, unknown>): Promise<TeamCaseRecordView> {
    const who = internalStaff(caller);
    if (!(await caller.freshSudo())) refuse('SUDO_REQUIRED');
    const { caseId } = parseInput(z.object({ caseId: id }), { caseId: args.caseId });
    await this.deps.model.catchUp();
    const orgId = await this.deps.store.orgOfCase(caseId);
    if (orgId === null) refuse('NOT_FOUND');
    const ctx = { orgId, userId: who.user.id, ip: caller.ip, baseUrl: '' };
    const composition = (await this.deps.fhir.read(ctx, 'Composition', caseId)).resource as Composition;
    const facts = await this.deps.facts.get(orgId, caseId);
    return {
      ...(facts ? caseView(facts) : { ...NO_FACTS, orgId, caseId, cursor: `0~${orgId}~${caseId}` }),
      ...{ sedationLevel: facts?.sedationLevel ?? null, anesthesiaMinutes: facts?.anesthesiaMinutes ?? null },
      recordStatus: composition.status,
      title: composition.title ?? '',
      anesthesiaUnits: facts?.anesthesiaUnits ?? null,
      dischargeScore: facts?.dischargeScore ?? null,
      flagsRaised: facts?.flagsRaised ?? [],
      flagsOverridden: facts?.flagsOverridden ?? [],
      drugs: (facts?.drugs ?? []).map((d) => `${d.name} ${d.total} ${d.unit}`),
      caseData: caseDataText(composition),
    };
  }

  /** teamOnboarding(first, after): offices still onboarding or in their trial, newest first, with what each has done. */
  async onboarding(caller: Caller, page: PageRequest): Promise<TeamOnboardingOrgView[]> {
    internalStaff(caller);
    await this.deps.model.catchUp();
    return (await this.deps.store.onboarding(page)).map((o) => ({ ...o, cursor: `${o.createdAt}~${o.orgId}` }));
  }

  /** teamCaseStats(from, to): cases per day across organisations and the organisations active in the range. */
  async caseStats(caller: Caller, args: Record<string, unknown>): Promise<TeamCaseStatsView> {
    internalStaff(caller);
    const range = parseInput(z.object({ from: day, to: day }), { from: args.from, to: args.to });
    const from = Date.parse(`${range.from}T00:00:00Z`);
    const to = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
    if (!(to > from) || (to - from) / DAY_MS > CASE_STATS_MAX_DAYS) refuse('INVALID_INPUT');
    await this.deps.model.catchUp();
    const days = await this.deps.store.casesPerDay(from, to);
    return {
      days,
      cases: days.reduce((n, d) => n + d.cases, 0),
      activeOrgs: await this.deps.store.activeOrgs(from, to),
    };
  }

  /**
   * teamDbQuery(sql): one read-only statement on the read-only connection, after sudo, recorded
   * on the account trail (dbConsoleQuery, with the statement) whether it ran or was refused.
   */
  async dbQuery(caller: Caller, args: Record<string, unknown>): Promise<TeamDbResultView> {
    internalStaff(caller);
    if (!(await caller.freshSudo())) refuse('SUDO_REQUIRED');
    const { sql } = parseInput(z.object({ sql: z.string().trim().min(1).max(DB_CONSOLE_MAX_SQL) }), { sql: args.sql });
    return this.deps.trail.read(caller, async (): Promise<Recorded<TeamDbResultView>> => {
      try {
        const answer = await this.deps.console.run(sql, DB_CONSOLE_MAX_ROWS);
        return recorded(
          { ...answer, rows: answer.rows.map((cells) => ({ cells })), refused: null },
          { trail: 'account', action: 'dbConsoleQuery', detail: { sql, rows: answer.rows.length } },
        );
      } catch (err) {
        if (!(err instanceof ConsoleRefusal) && !(err instanceof Error && 'code' in err)) throw err;
        const reason = err.message;
        return recorded(
          { columns: [], rows: [], truncated: false, refused: reason },
          { trail: 'account', action: 'dbConsoleQuery', detail: { sql, refused: reason } },
        );
      }
    });
  }
}
