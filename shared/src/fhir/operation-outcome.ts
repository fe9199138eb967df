import type { Issue } from '../case-data/issue.js';

/**
 * OperationOutcome: how the FHIR API reports errors. `details.text` carries the spec's code
 * (NOT_FOUND, NO_AUTHENTICATION, NOT_AUTHORIZED, SUDO_REQUIRED, CONFLICT… spec 002 §8) or a
 * validation issue's code; `diagnostics` carries the message shown to people.
 */
export interface OperationOutcomeIssue {
  severity: 'fatal' | 'error' | 'warning' | 'information';
  code: string;
  details?: { text?: string };
  diagnostics?: string;
  expression?: string[];
}
export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  id?: string;
  issue: OperationOutcomeIssue[];
}

/** FHIR issue-type codes by HTTP status. */
function issueType(status: number): string {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 410) return 'deleted';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 405) return 'not-supported';
  if (status === 429) return 'throttled';
  return 'exception';
}

/** An OperationOutcome with one error carrying a code. */
export function operationOutcome(status: number, code: string, diagnostics?: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      { severity: 'error', code: issueType(status), details: { text: code }, ...(diagnostics ? { diagnostics } : {}) },
    ],
  };
}

/** FHIRPath-ish expression of an issue path: `Location.position.latitude`, `Patient.name[0].given`. */
function expressionOf(resourceType: string, path: readonly (string | number)[]): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : `${acc}.${p}`), resourceType);
}

/** Validation issues as an OperationOutcome (status 400). */
export function outcomeFromIssues(resourceType: string, issues: readonly Issue[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map((i) => ({
      severity: i.severity === 'warning' ? 'warning' : 'error',
      code: i.severity === 'warning' ? 'informational' : 'invalid',
      details: { text: i.code },
      diagnostics: i.message,
      expression: [expressionOf(resourceType, i.path)],
    })),
  };
}

/** The error code (details.text of the first issue) of an OperationOutcome. */
export function outcomeCode(outcome: OperationOutcome): string | undefined {
  return outcome.issue[0]?.details?.text;
}
