import { describe, expect, it } from 'vitest';
import { errorCodeForStatus } from './graphql.js';

describe('fetch wrapper status mapping (spec 002 §8)', () => {
  it.each([
    [404, '', 'NOT_FOUND'],
    [401, '', 'NO_AUTHENTICATION'],
    [403, 'SUDO_REQUIRED', 'SUDO_REQUIRED'],
    [403, 'Forbidden', 'NOT_AUTHORIZED'],
    [409, '', 'CONFLICT'],
    [400, '', 'REQUEST_ERROR_400'],
    [500, '', 'REQUEST_ERROR_500'],
    [503, '', 'REQUEST_ERROR_503'],
  ])('%i %s → %s', (status, body, code) => {
    expect(errorCodeForStatus(status, body)).toBe(code);
  });
});
