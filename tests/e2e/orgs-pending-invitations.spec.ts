import { randomAlphanumeric } from '@vigil/shared';
import { fullyAuthenticated } from '../integration/accounts-client.js';
import { invitationCode } from '../integration/orgs-helpers.js';
import { MEMBER_PASSWORD, orgMember } from '../utils/members.js';
import { expect, test } from './fixtures.js';
import { contextWith } from './members.js';

const email = (who: string): string => `${who}-${randomAlphanumeric(8).toLowerCase()}@vigil.test`;

test('an admin sees the invitations sent and not yet accepted on the members screen, with roles, sent date and expiry, and an empty list once they are accepted (issue 35 item 15)', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL!;
  const admin = await orgMember(url);
  const context = await contextWith(browser, url, admin.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/org/${admin.orgId}/members`);

  // None sent yet: the empty state.
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
  await expect(pending.getByTestId('pending-invitations-empty')).toHaveText('No pending invitations.');

  // An invitation sent from the form joins the list at once, with its roles and dates.
  const invitee = email('hygienist');
  await page.getByLabel('Email Address').fill(invitee);
  await page.getByLabel('Provider').check();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  const item = pending.getByRole('listitem', { name: invitee });
  await expect(item).toBeVisible();
  await expect(item.getByText('Member', { exact: true })).toBeVisible();
  await expect(item.getByText('Provider', { exact: true })).toBeVisible();
  await expect(pending.getByTestId('pending-invitations-empty')).toHaveCount(0);

  // The dates are the server's: sent now, expiring 7 days later, shown as the browser writes a day.
  const listed = await admin.browser.gql<{
    pendingOrgInvitations: { email: string; sentAt: number; expiresAt: number }[];
  }>('query ($o: String) { pendingOrgInvitations(orgId: $o) { email sentAt expiresAt } }', { o: admin.orgId });
  const sent = listed.data!.pendingOrgInvitations.find((i) => i.email === invitee)!;
  expect(sent.expiresAt - sent.sentAt).toBe(7 * 24 * 3600 * 1000);
  const [sentDay, expiryDay] = await page.evaluate(
    (times) => times.map((t) => new Date(t).toLocaleDateString(undefined, { dateStyle: 'medium' })),
    [sent.sentAt, sent.expiresAt],
  );
  await expect(item.getByTestId('pending-invitation-dates')).toHaveText(
    new RegExp(`^Sent ${sentDay} by .+ · Expires ${expiryDay}$`),
  );

  // Still there after a reload (the server keeps it); gone once accepted, the invitee a member.
  await page.reload();
  await expect(pending.getByRole('listitem', { name: invitee })).toBeVisible();
  // The link's code is read before the invitee signs up (their sign-up codes go to the same address).
  const code = await invitationCode(url, invitee);
  const { browser: inviteeBrowser } = await fullyAuthenticated(url, invitee, MEMBER_PASSWORD);
  const accepted = await inviteeBrowser.gql(
    'mutation ($id: String) { acceptOrgInvitation(invitationId: $id) { orgId } }',
    { id: code },
  );
  expect(accepted.code).toBeFalsy();
  await page.reload();
  await expect(pending.getByTestId('pending-invitations-empty')).toHaveText('No pending invitations.');
  await expect(page.getByRole('region', { name: 'Current members' }).getByText(invitee)).toBeVisible();
  await context.close();
});
