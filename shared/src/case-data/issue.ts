/**
 * Errors are data (STYLE.md): validators and rules return `Issue[]`. An error blocks the
 * action it belongs to; a warning never blocks.
 */
export type IssueSeverity = 'error' | 'warning';

/** One finding of a validator or rule. `path` locates it in the validated value. */
export interface Issue {
  readonly severity: IssueSeverity;
  /** A spec code (MISSING_DRUG_NAME, INVALID_ADDENDUM…) or a Vigil rule code. */
  readonly code: string;
  readonly path: readonly (string | number)[];
  /** The spec's text, exactly as written. */
  readonly message: string;
}

/** Makes an error issue. */
export function errorIssue(code: string, message: string, path: readonly (string | number)[] = []): Issue {
  return { severity: 'error', code, path, message };
}

/** Makes a warning issue. */
export function warningIssue(code: string, message: string, path: readonly (string | number)[] = []): Issue {
  return { severity: 'warning', code, path, message };
}

/** True when any issue is an error (warnings never block). */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
