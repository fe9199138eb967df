import { describe, expect, it } from 'vitest';
import { operationOutcome, outcomeCode, outcomeFromIssues } from './operation-outcome.js';
import { errorIssue } from '../case-data/issue.js';

describe('OperationOutcome', () => {
  it.each([
    [401, 'NO_AUTHENTICATION', 'login'],
    [403, 'NOT_AUTHORIZED', 'forbidden'],
    [403, 'SUDO_REQUIRED', 'forbidden'],
    [404, 'NOT_FOUND', 'not-found'],
    [409, 'CONFLICT', 'conflict'],
    [500, 'INTERNAL_ERROR', 'exception'],
  ])('status %d carries the code %s (spec 002 §8)', (status, code, type) => {
    const outcome = operationOutcome(status, code);
    expect(outcomeCode(outcome)).toBe(code);
    expect(outcome.issue[0]?.code).toBe(type);
  });

  it('lists validation issues with the spec’s message and a path expression', () => {
    const outcome = outcomeFromIssues('Location', [
      errorIssue('INVALID_LATITUDE', 'Invalid Latitude: 91', ['position', 'latitude']),
    ]);
    expect(outcome.issue).toEqual([
      {
        severity: 'error',
        code: 'invalid',
        details: { text: 'INVALID_LATITUDE' },
        diagnostics: 'Invalid Latitude: 91',
        expression: ['Location.position.latitude'],
      },
    ]);
  });
});
