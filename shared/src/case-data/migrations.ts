import type { Issue } from './issue.js';
import { errorIssue as error } from './issue.js';

/**
 * Case data is versioned (STYLE.md "Synced data is versioned"): a tablet offline for a month on
 * an old build must still load. Each migration takes version n to n + 1 and keeps every key it
 * does not understand.
 */

/** The current case data schema version. */
export const CASE_DATA_SCHEMA_VERSION = 2;

type Data = Record<string, unknown>;

function measurementFromFlat(value: unknown, raw: unknown): unknown {
  if (typeof value === 'number') return typeof raw === 'string' ? { value, raw } : { value };
  return value;
}

/**
 * Forward migrations by the version they start from.
 * - 0 → 1: data written before versioning gains `schemaVersion`.
 * - 1 → 2: height and weight stored as plain numbers beside `height_raw` / `weight_raw` become
 *   `{ value, raw }` (spec 001 §5); the flat raw texts are kept for the report (spec 002 §3).
 */
export const CASE_DATA_MIGRATIONS: Readonly<Record<number, (data: Data) => Data>> = {
  0: (data) => ({ ...data, schemaVersion: 1 }),
  1: (data) => ({
    ...data,
    ...('height' in data ? { height: measurementFromFlat(data['height'], data['height_raw']) } : {}),
    ...('weight' in data ? { weight: measurementFromFlat(data['weight'], data['weight_raw']) } : {}),
    schemaVersion: 2,
  }),
};

export interface MigrationResult {
  /** The migrated data, or null when the input is not an object. */
  readonly data: Data | null;
  /** The version the data was written with (0 when unversioned), or null when unreadable. */
  readonly fromVersion: number | null;
  readonly issues: Issue[];
}

/**
 * [CD5] Migrates case data of any earlier version to CASE_DATA_SCHEMA_VERSION. Data from a newer
 * build is returned untouched with CASE_DATA_TOO_NEW (it is never downgraded or dropped); a
 * non-object gives INVALID_CASE_DATA. Never throws.
 */
export function migrateCaseData(raw: unknown): MigrationResult {
  if (raw == null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { data: null, fromVersion: null, issues: [error('INVALID_CASE_DATA', 'Case data must be an object')] };
  }
  let data = { ...(raw as Data) };
  const version = data['schemaVersion'] ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return {
      data,
      fromVersion: null,
      issues: [error('INVALID_SCHEMA_VERSION', 'Invalid schema version', ['schemaVersion'])],
    };
  }
  if (version > CASE_DATA_SCHEMA_VERSION) {
    return {
      data,
      fromVersion: version,
      issues: [
        error(
          'CASE_DATA_TOO_NEW',
          `Case data version ${version} is newer than this app (${CASE_DATA_SCHEMA_VERSION}); update the app`,
          ['schemaVersion'],
        ),
      ],
    };
  }
  for (let v = version; v < CASE_DATA_SCHEMA_VERSION; v++) {
    const step = CASE_DATA_MIGRATIONS[v];
    /* v8 ignore next -- every version below the current one has a migration (tested) */
    if (step == null) break;
    data = step(data);
  }
  return { data, fromVersion: version, issues: [] };
}
