import type { z } from 'zod';
import { isValidItemScore } from '../rules/discharge-score.js';
import { customDilutionIssues } from '../rules/local-anesthetics.js';
import { storedTemperatureUnit, storedVitalError } from '../rules/vitals.js';
import type { TemperatureUnit } from '../rules/vitals.js';
import type { DischargeScoreType } from '../enums.js';
import { isOneOf, DISCHARGE_SCORE_TYPES } from '../enums.js';
import type { Issue } from './issue.js';
import { errorIssue as error, hasErrors } from './issue.js';
import { migrateCaseData } from './migrations.js';
import { CASE_DATA_CODES, CASE_DATA_MESSAGES, caseDataSchema } from './schema.js';

type Data = Record<string, unknown>;

function pathOf(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((p) => (typeof p === 'number' ? p : String(p)));
}

function fromZod(issues: readonly z.core.$ZodIssue[]): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const i of issues) {
    const code = CASE_DATA_CODES[i.message] ?? 'INVALID_CASE_DATA';
    const issue = error(code, i.message, pathOf(i.path));
    const key = `${code}|${issue.path.join('.')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}

function dischargeIssues(data: Data): Issue[] {
  const type = data['dischargeScoreType'];
  const entries = data['dischargeScoreEntries'];
  if (!isOneOf<DischargeScoreType>(DISCHARGE_SCORE_TYPES, type) || entries == null || typeof entries !== 'object') {
    return [];
  }
  const issues: Issue[] = [];
  for (const [item, entry] of Object.entries(entries as Data)) {
    const score = (entry as { score?: unknown } | null)?.score;
    if (score != null && !isValidItemScore(type, item, score)) {
      issues.push(error('INVALID_VALUE', CASE_DATA_MESSAGES.invalidValue, ['dischargeScoreEntries', item, 'score']));
    }
  }
  return issues;
}

function manualVitalIssues(data: Data, orgUnit: TemperatureUnit | null): Issue[] {
  const list = data['manualVitals'];
  if (!Array.isArray(list)) return [];
  const issues: Issue[] = [];
  list.forEach((entry: unknown, index) => {
    const e = entry as { vitals?: unknown; temperatureUnit?: unknown } | null;
    const vitals = e?.vitals;
    if (vitals == null || typeof vitals !== 'object') return;
    const readingUnit = e?.temperatureUnit === 'C' || e?.temperatureUnit === 'F' ? e.temperatureUnit : null;
    for (const [type, value] of Object.entries(vitals as Data)) {
      if (typeof value !== 'number') continue;
      const isTemp = type === 'temp' || type === 'temperature';
      const unit = isTemp ? storedTemperatureUnit(value, readingUnit, orgUnit) : 'C';
      const err = storedVitalError(value, type, unit);
      if (err != null) issues.push(error('VITAL_OUT_OF_RANGE', err, ['manualVitals', index, 'vitals', type]));
    }
  });
  return issues;
}

function customDilutionWarnings(data: Data): Issue[] {
  const list = data['customDilutions'];
  if (!Array.isArray(list)) return [];
  return customDilutionIssues(list.map((d: unknown) => (d != null && typeof d === 'object' ? (d as Data) : {})));
}

/** Settings a case is validated with. */
export interface ValidateCaseDataOptions {
  /** The organisation's temperature unit (tempsInCelsius); a unit stored with a reading wins. */
  readonly temperatureUnit?: TemperatureUnit | null;
}

/**
 * [CD6] Validates case data of any version against the case data definition (spec 001 §5):
 * migrates it forward, then checks every named field, the spec's codes (MISSING_DRUG_NAME,
 * 'Value must have value and optional raw properties', positive integers for ebl,
 * finalRoomAirSpO2 and IV solution amounts, wave svg), discharge item scores and manual vital
 * ranges (VT10: a stored 0 is a value; temperature in the reading's, else the organisation's,
 * else the value's unit), plus custom dilution warnings (LA16). Returns Issue[] with paths; never
 * throws; unknown keys are allowed.
 */
export function validateCaseData(raw: unknown, options: ValidateCaseDataOptions = {}): Issue[] {
  try {
    const migrated = migrateCaseData(raw);
    if (migrated.data == null || hasErrors(migrated.issues)) return migrated.issues;
    const parsed = caseDataSchema.safeParse(migrated.data);
    const issues = parsed.success ? [] : fromZod(parsed.error.issues);
    return [
      ...issues,
      ...dischargeIssues(migrated.data),
      ...manualVitalIssues(migrated.data, options.temperatureUnit ?? null),
      ...customDilutionWarnings(migrated.data),
    ];
  } catch (e) {
    /* v8 ignore next 2 -- defensive: validation reports, it never throws */
    return [error('INVALID_CASE_DATA', e instanceof Error ? e.message : 'Invalid case data')];
  }
}

export interface UpdateResult {
  readonly ok: boolean;
  /** The updated data when ok, else the data before the update. */
  readonly data: Data;
  readonly issues: Issue[];
}

/**
 * [CD7] Applying updates to case data validates the result against the case data definition
 * (spec 001 §5): the update's keys replace the current ones (undefined removes a key). An update
 * that introduces an error (a code and path not already wrong before it) is rejected and the
 * current data kept; errors already present (say, from an older build) do not block unrelated
 * updates. Data this build cannot read (a newer or invalid schema version) is never written.
 * Warnings never block. `issues` are all issues of the result (or of the rejected result).
 */
export function applyCaseDataUpdate(
  current: Readonly<Data>,
  update: Readonly<Data>,
  options: ValidateCaseDataOptions = {},
): UpdateResult {
  const next: Data = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  const issues = validateCaseData(next, options);
  const key = (i: Issue): string => `${i.code}|${i.path.join('.')}`;
  const before = new Set(
    validateCaseData(current, options)
      .filter((i) => i.severity === 'error')
      .map(key),
  );
  const unreadable = issues.some((i) => ['CASE_DATA_TOO_NEW', 'INVALID_SCHEMA_VERSION'].includes(i.code));
  const introduced = issues.filter((i) => i.severity === 'error' && (unreadable || !before.has(key(i))));
  return introduced.length > 0 ? { ok: false, data: { ...current }, issues } : { ok: true, data: next, issues };
}

/** [CD8] Timeout text is trimmed and empty ones dropped (spec 001 §5). */
export function cleanTimeoutText(value: string | readonly string[] | null | undefined): string[] {
  const list = value == null ? [] : typeof value === 'string' ? [value] : value;
  return list.map((t) => t.trim()).filter((t) => t !== '');
}

/** [CD8] A referral record is valid only with name, member id and time (spec 001 §5). */
export function isValidReferral(rfr: unknown): boolean {
  if (rfr == null || typeof rfr !== 'object') return false;
  const r = rfr as Data;
  const filled = (v: unknown): boolean => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';
  return filled(r['name']) && filled(r['memId']) && filled(r['time']);
}

/**
 * [CD10] An IV site is complete when name, side, securedWith, attempts, needleGauge, time and a
 * first solution name are present (spec 001 §5).
 */
export function isIvSiteComplete(site: unknown): boolean {
  if (site == null || typeof site !== 'object') return false;
  const s = site as Data;
  const present = (v: unknown): boolean =>
    v != null && !(typeof v === 'string' && v.trim() === '') && !(typeof v === 'number' && Number.isNaN(v));
  const first = Array.isArray(s['solutions']) ? (s['solutions'][0] as Data | undefined) : undefined;
  return (
    ['name', 'side', 'securedWith', 'attempts', 'needleGauge', 'time'].every((k) => present(s[k])) &&
    first != null &&
    present(first['name'])
  );
}
