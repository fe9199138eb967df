import { SYNC_CLOSE_CODES, type Issue } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import {
  AppError,
  answeringAppErrors,
  errorBody,
  refuse,
  toCloseCode,
  toGraphqlError,
  toOperationOutcome,
  uncaughtErrorAnswer,
  VersionConflictError,
} from './errors.js';

const issue: Issue = { severity: 'error', code: 'MISSING_TEXT', path: ['text'], message: 'Enter the addendum text.' };

describe('AppError: one error type, mapped in one place', () => {
  it('answers the app routes with the code and, when there are any, the issues', () => {
    expect(errorBody(new AppError(403, 'NOT_AUTHORIZED'))).toEqual({ error: 'NOT_AUTHORIZED' });
    expect(errorBody(new AppError(400, 'INVALID_ADDENDUM', undefined, [issue]))).toEqual({
      error: 'INVALID_ADDENDUM',
      issues: [issue],
    });
  });

  it('answers an error no route caught: an AppError with its status and code, anything else 500 INTERNAL_ERROR', () => {
    expect(uncaughtErrorAnswer(new AppError(423, 'SIGNED_RECORD', 'signed'))).toEqual({
      status: 423,
      body: { error: 'SIGNED_RECORD' },
    });
    expect(uncaughtErrorAnswer(new TypeError('x is undefined'))).toEqual({
      status: 500,
      body: { error: 'INTERNAL_ERROR' },
    });
  });

  it('answers FHIR clients with an OperationOutcome of the code and diagnostic, or of the issues', () => {
    expect(toOperationOutcome(new AppError(404, 'NOT_FOUND', 'Patient/x not found'), 'Patient')).toEqual({
      resourceType: 'OperationOutcome',
      issue: [
        { severity: 'error', code: 'not-found', details: { text: 'NOT_FOUND' }, diagnostics: 'Patient/x not found' },
      ],
    });
    const outcome = toOperationOutcome(new AppError(400, 'INVALID_RESOURCE', undefined, [issue]), 'Patient');
    expect(outcome.issue).toHaveLength(1);
    expect(outcome.issue[0]?.severity).toBe('error');
  });

  it('reaches GraphQL clients with the code as the message and extensions.code (spec 000 §8)', () => {
    const err = toGraphqlError(new AppError(403, 'SUDO_REQUIRED'));
    expect(err.message).toBe('SUDO_REQUIRED');
    expect(err.extensions.code).toBe('SUDO_REQUIRED');
    expect(err.extensions.issues).toBeUndefined();
  });

  it('gives GraphQL clients the validation issues of a refusal that has them (a bad preset macro, issue 39)', () => {
    const issue = {
      severity: 'error' as const,
      code: 'MISSING_DRUG_NAME',
      path: ['parenDrugs', 0, 'name'],
      message: 'parenDrugs.0.name: Every drug used must have a name',
    };
    const err = toGraphqlError(new AppError(400, 'INVALID_PRESET_MACRO', undefined, [issue]));
    expect(err.message).toBe('INVALID_PRESET_MACRO');
    expect(err.extensions.issues).toEqual([issue]);
  });

  it.each([
    [401, SYNC_CLOSE_CODES.unauthorized],
    [403, SYNC_CLOSE_CODES.forbidden],
    [404, SYNC_CLOSE_CODES.notFound],
    [413, SYNC_CLOSE_CODES.tooLarge],
    [400, SYNC_CLOSE_CODES.malformed],
    [409, SYNC_CLOSE_CODES.goingAway],
    [500, SYNC_CLOSE_CODES.goingAway],
  ] as const)('closes a sync socket refused with %i with close code %i', (status, code) => {
    expect(toCloseCode(new AppError(status, 'X'))).toBe(code);
  });

  it('is the FHIR layer’s error too: a AppError and a version conflict are AppErrors', () => {
    expect(new AppError(409, 'CONFLICT')).toBeInstanceOf(AppError);
    const conflict = new VersionConflictError('3');
    expect(conflict).toBeInstanceOf(AppError);
    expect([conflict.status, conflict.code, conflict.message]).toEqual([
      409,
      'CONFLICT',
      'The resource is at version 3',
    ]);
  });

  it('answers a GraphQL client with the code through the one resolver wrapper; other errors pass unchanged', async () => {
    const bug = new Error('a bug');
    const resolvers = answeringAppErrors<[unknown, { n: number }]>({
      refused: () => Promise.reject(new AppError(403, 'NOT_AUTHORIZED')),
      thrown: () => {
        throw new AppError(409, 'EMAIL_TAKEN');
      },
      answered: (_parent, args) => args.n + 1,
      broken: () => Promise.reject(bug),
    });
    const call = (name: string): Promise<unknown> => resolvers[name]!(null, { n: 1 });
    const refused = await call('refused').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GraphQLError);
    expect([(refused as GraphQLError).message, (refused as GraphQLError).extensions.code]).toEqual([
      'NOT_AUTHORIZED',
      'NOT_AUTHORIZED',
    ]);
    await expect(call('thrown')).rejects.toMatchObject({ message: 'EMAIL_TAKEN', extensions: { code: 'EMAIL_TAKEN' } });
    expect(await call('answered')).toBe(2);
    await expect(call('broken')).rejects.toBe(bug);
  });
});

describe('refuse', () => {
  it.each([
    ['NO_AUTHENTICATION', 401],
    ['NOT_AUTHORIZED', 403],
    ['TOO_MANY_REQUESTS', 403],
    ['USER_NOT_FOUND', 404],
    ['LAST_ADMIN', 409],
    ['INVALID_PHONE', 400],
  ])('refuses %s with the one table’s status %i (400 for an input error not listed)', (code, status) => {
    expect(() => refuse(code)).toThrow(expect.objectContaining({ code, status }) as Error);
  });
});
