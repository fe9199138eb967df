import { ORG_INVITATION_TTL_MS } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { accept, createOrg, invitationCode, invite, person, type Person } from './orgs-helpers.js';

/**
 * Issue 35 item 15: the members screen lists the invitations sent and not yet accepted
 * (pendingOrgInvitations), a page at a time, for whoever may administer the organisation, and
 * only that organisation's.
 */

interface Pending {
  id: string;
  email: string;
  roles: string[];
  type: string;
  invitedByName: string | null;
  sentAt: number;
  expiresAt: number;
}

const QUERY = `query ($orgId: String, $first: Int, $after: String) {
  pendingOrgInvitations(orgId: $orgId, first: $first, after: $after) { id email roles type invitedByName sentAt expiresAt }
}`;

describe('pending invitations (issue 35 item 15)', () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;
  const sent: string[] = [];

  const pending = async (
    who: Person,
    variables: { orgId: string; first?: number; after?: string },
  ): Promise<{ list: Pending[] | undefined; code: string | undefined }> => {
    const r = await who.browser.gql<{ pendingOrgInvitations: Pending[] }>(QUERY, variables);
    return { list: r.data?.pendingOrgInvitations, code: r.code };
  };

  beforeAll(async () => {
    server = await startServer();
    [admin, member, otherAdmin] = await Promise.all([
      person(server, 'pending-admin@orgs.test'),
      person(server, 'pending-joiner@orgs.test'),
      person(server, 'pending-other@orgs.test'),
    ]);
    expect((await createOrg(admin, 'pending-office', 'regular', 'Pending Office')).code).toBeUndefined();
    expect((await createOrg(otherAdmin, 'pending-elsewhere')).code).toBeUndefined();
    // Sent one after another: newest first is the reverse order.
    for (const [email, roles] of [
      ['first@invitee.test', ['member']],
      [member.email, ['member']],
      ['third@invitee.test', ['provider']],
    ] as const) {
      const r = await invite(admin, 'pending-office', email, [...roles]);
      expect(r.code).toBeUndefined();
      sent.push(r.data!.createOrgInvitation.id);
    }
    expect((await invite(otherAdmin, 'pending-elsewhere', 'elsewhere@invitee.test')).code).toBeUndefined();
  }, 120_000);

  afterAll(async () => {
    await server?.dispose();
  });

  it('lists the invitations sent with their address, roles, sender, sent time and expiry, newest first', async () => {
    const { list, code } = await pending(admin, { orgId: 'pending-office' });
    expect(code).toBeUndefined();
    expect(list!.map((i) => i.email)).toEqual(['third@invitee.test', member.email, 'first@invitee.test']);
    expect(list!.map((i) => i.id)).toEqual([...sent].reverse());
    const third = list![0]!;
    // An invited person is always also a member (rolesFromInvitation).
    expect(third).toMatchObject({
      roles: ['provider', 'member'],
      type: 'regular',
      invitedByName: 'Dr. Test Person, DDS',
    });
    expect(third.expiresAt - third.sentAt).toBe(ORG_INVITATION_TTL_MS);
    // Only the organisation's own: the other office's invitation is not among them.
    expect(list!.some((i) => i.email === 'elsewhere@invitee.test')).toBe(false);
  });

  it('pages them with first and after, and refuses a page above the maximum or an unknown cursor', async () => {
    const one = await pending(admin, { orgId: 'pending-office', first: 1 });
    expect(one.list!.map((i) => i.email)).toEqual(['third@invitee.test']);
    const next = await pending(admin, { orgId: 'pending-office', first: 2, after: one.list![0]!.id });
    expect(next.list!.map((i) => i.email)).toEqual([member.email, 'first@invitee.test']);
    expect((await pending(admin, { orgId: 'pending-office', first: 201 })).code).toBe('PAGE_TOO_LARGE');
    expect((await pending(admin, { orgId: 'pending-office', after: 'inv-none' })).code).toBe('INVALID_CURSOR');
  });

  it('is only for whoever administers the organisation', async () => {
    expect((await pending(otherAdmin, { orgId: 'pending-office' })).code).toBe('NOT_AUTHORIZED');
    // The other office's admin sees their own office's invitation only.
    const own = await pending(otherAdmin, { orgId: 'pending-elsewhere' });
    expect(own.list!.map((i) => i.email)).toEqual(['elsewhere@invitee.test']);
  });

  it('drops an invitation once it is accepted; a new member of the office (not an admin) may not list them', async () => {
    expect((await accept(member, await invitationCode(server.url, member.email))).code).toBeUndefined();
    const { list } = await pending(admin, { orgId: 'pending-office' });
    expect(list!.map((i) => i.email)).toEqual(['third@invitee.test', 'first@invitee.test']);
    expect((await pending(member, { orgId: 'pending-office' })).code).toBe('NOT_AUTHORIZED');
  });
});
