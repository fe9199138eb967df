import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';

/*
 * The team app's reads across organisations (issue 41; spec 000 §2 `/vigil-team/cases`,
 * `case-stats`, `db-console`): the analytics read model's case rows of every organisation, counts
 * of cases per day, and the database console's read-only connection.
 */

/** Cases started on one UTC day, and how many organisations they were in. */
export interface CaseDayRow {
  day: string;
  cases: number;
  orgs: number;
}

/** A team-wide case's place in the list: start, organisation, case. */
export function teamCaseCursor(f: Pick<CaseFacts, 'startAt' | 'orgId' | 'caseId'>): string {
  return `${f.startAt ?? 0}~${f.orgId}~${f.caseId}`;
}

/** An organisation still onboarding (or in its trial) and what it has done so far. */
export interface OnboardingRow {
  orgId: string;
  name: string;
  createdAt: number;
  trialEnd: number | null;
  subscriptionStatus: string;
  isOnboarding: boolean;
  planChosen: boolean;
  baaSigned: boolean;
  members: number;
  cases: number;
  signedCases: number;
}

export interface OversightStore {
  /**
   * Offices (regular organisations) still onboarding or in their trial, newest first, a page at a
   * time (cursor: the last one's `{createdAt}~{orgId}`), with what each has done.
   */
  onboarding(page: PageRequest): Promise<OnboardingRow[]>;
  /** One page of every organisation's cases (of one when given), newest start first. */
  cases(orgId: string | null, page: PageRequest): Promise<CaseFacts[]>;
  /** Which organisation holds a case (ids are unique across organisations), or null. */
  orgOfCase(caseId: string): Promise<string | null>;
  /** Cases per UTC day started in [from, to) (epoch ms), with the organisations they were in; no row for a day without. */
  casesPerDay(from: number, to: number): Promise<CaseDayRow[]>;
  /** Organisations with at least one case started in [from, to). */
  activeOrgs(from: number, to: number): Promise<number>;
}

/** What a console query answers: its columns and at most `maxRows` rows, each value as text (null kept). */
export interface ConsoleAnswer {
  columns: string[];
  rows: (string | null)[][];
  truncated: boolean;
}

/** Thrown for a statement the console refuses before it runs (a write, ATTACH, a PRAGMA that sets). */
export class ConsoleRefusal extends Error {}

/**
 * [DB1] The statements the console runs: one statement that reads: SELECT, WITH, EXPLAIN, VALUES,
 * or a PRAGMA that only asks (no '=' and no argument); ATTACH, DETACH, and every other keyword
 * refused before it is prepared. Comments and leading parentheses are skipped to find the keyword.
 */
export function consoleKeyword(sql: string): string {
  const stripped = sql
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/^[\s(]+/, '');
  return (/^[A-Za-z]+/.exec(stripped)?.[0] ?? '').toUpperCase();
}

const READ_KEYWORDS = new Set(['SELECT', 'WITH', 'EXPLAIN', 'VALUES', 'PRAGMA']);

/** [DB1] Why the console refuses a statement before preparing it, or null for one of a reading kind. */
export function consoleStatementRefusal(sql: string): string | null {
  const keyword = consoleKeyword(sql);
  if (!READ_KEYWORDS.has(keyword)) return `${keyword || 'This statement'} is not a read`;
  if (keyword === 'PRAGMA' && /[=(]/.test(sql)) return 'A PRAGMA that sets a value is not a read';
  return null;
}

export interface DbConsole {
  /** Runs one reading statement (DB1), at most `maxRows` rows; ConsoleRefusal for anything else. */
  run(sql: string, maxRows: number): Promise<ConsoleAnswer>;
  close(): void;
}
