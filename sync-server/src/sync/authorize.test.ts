import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { anonymousCaller, type Caller } from '../access/caller.js';
import { OrgAccess } from '../access/index.js';
import { createSyncAuthorizer, SYNC_REFUSAL_REASONS } from './authorize.js';

const member: Caller = {
  ...anonymousCaller({ ip: null, userAgent: null, transport: 'socket' }),
  user: { id: 'u1', name: 'Ann', email: 'ann@example.com', emailVerified: true },
  sessionId: 's1',
  subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: 'acme', type: 'regular', roles: ['provider'] }] },
};

function request(url: string, headers: Record<string, string> = {}): IncomingMessage {
  return { url, headers: { host: 'vigil.test', ...headers } } as unknown as IncomingMessage;
}

const authorize = createSyncAuthorizer({
  caller: ({ cookieHeader, token }) =>
    Promise.resolve(
      token === 'good' || cookieHeader === 'dev-tok=good'
        ? member
        : token === 'partial'
          ? { ...member, subject: { ...member.subject, multiFactorValid: false } }
          : anonymousCaller({ ip: null, userAgent: null, transport: 'socket' }),
    ),
  access: new OrgAccess({ parentsOf: () => Promise.resolve([]) }),
  docBelongsElsewhere: (orgId, docId) => docId === 'cmp-other' && orgId !== 'other',
  allowedOrigins: ['http://localhost:5173'],
});
const acme = { orgId: 'acme', docId: 'cmp-1', name: 'acme/cmp-1' };

describe('sync upgrade authorisation', () => {
  it('lets a member with valid MFA in, by cookie or token, with the name presence shows', async () => {
    await expect(authorize(request('/api/sync/acme/cmp-1?token=good'), acme)).resolves.toEqual({
      ok: true,
      userId: 'u1',
      userName: 'Ann',
    });
    await expect(authorize(request('/api/sync/acme/cmp-1', { cookie: 'dev-tok=good' }), acme)).resolves.toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['no session', '/api/sync/acme/cmp-1', {}, 4401],
    ['an unknown token', '/api/sync/acme/cmp-1?token=bad', {}, 4401],
    ['a session without valid MFA', '/api/sync/acme/cmp-1?token=partial', {}, 4401],
    ['a browser from another origin', '/api/sync/acme/cmp-1?token=good', { origin: 'https://evil.example' }, 4403],
  ])('refuses %s with %i', async (_name, url, headers, code) => {
    await expect(authorize(request(url, headers), acme)).resolves.toMatchObject({ ok: false, code });
  });

  it("refuses another organisation's documents with 4403", async () => {
    await expect(
      authorize(request('/api/sync/globex/cmp-1?token=good'), {
        orgId: 'globex',
        docId: 'cmp-1',
        name: 'globex/cmp-1',
      }),
    ).resolves.toEqual({ ok: false, code: 4403, reason: SYNC_REFUSAL_REASONS.notMember });
  });

  it('refuses a document id that belongs to another organisation with 4403', async () => {
    await expect(
      authorize(request('/api/sync/acme/cmp-other?token=good'), {
        orgId: 'acme',
        docId: 'cmp-other',
        name: 'acme/cmp-other',
      }),
    ).resolves.toEqual({ ok: false, code: 4403, reason: SYNC_REFUSAL_REASONS.otherOrganisation });
  });

  it('tells a non-member only that, also for a document of a third organisation (both read side by side)', async () => {
    await expect(
      authorize(request('/api/sync/globex/cmp-other?token=good'), {
        orgId: 'globex',
        docId: 'cmp-other',
        name: 'globex/cmp-other',
      }),
    ).resolves.toEqual({ ok: false, code: 4403, reason: SYNC_REFUSAL_REASONS.notMember });
  });

  it('[TOUR3] refuses a tour case with 4403, even to a member: the server keeps none', async () => {
    await expect(
      authorize(request('/api/sync/acme/tour-1?token=good'), { orgId: 'acme', docId: 'tour-1', name: 'acme/tour-1' }),
    ).resolves.toEqual({ ok: false, code: 4403, reason: SYNC_REFUSAL_REASONS.tourCase });
  });

  it('accepts the same origin and the allowed development origin', async () => {
    await expect(
      authorize(request('/api/sync/acme/cmp-1?token=good', { origin: 'https://vigil.test' }), acme),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      authorize(request('/api/sync/acme/cmp-1?token=good', { origin: 'http://localhost:5173' }), acme),
    ).resolves.toMatchObject({ ok: true });
  });
});
