import { FakeEmr } from '../utils/fake-emr.js';
import { orgMember, uniqueOrgId } from '../utils/members.js';
import { expect, test } from './fixtures.js';

/**
 * Issue 42 (SMART App Launch 2.x EHR launch; spec 000 §1, §2 'Signed Out', §5; spec 001 §4): the
 * EMR opens /launch?iss=…&launch=… in a browser signed in to nothing; Vigil reads the EMR's SMART
 * configuration, sends the browser to its authorize endpoint with PKCE, exchanges the code, and
 * opens the launched patient's case in a single-organisation session: of the user's two offices
 * only the EMR's is in the session, the name cannot be edited, and the unattended session ends
 * on the 'Signed Out' card. The EMR is the tests' fake EMR (tests/utils/fake-emr.ts).
 */

const SESSION = '{ session { singleOrg orgs { regular { id } } } }';

test('an EHR launch opens the patient’s case in a single-organisation session', async ({ browser, baseURL }) => {
  const emr = new FakeEmr({
    clientId: 'vigil-at-emr',
    clientSecret: 'e2e-launch-secret',
    launch: { id: 'launch-e2e', patient: 'emr-pat-9', encounter: 'emr-enc-9', fhirUser: 'Practitioner/dr-9' },
  });
  await emr.listen();
  try {
    const member = await orgMember(baseURL!);
    // A second office of the same user: the launched session must not include it.
    const second = uniqueOrgId();
    const made = await member.browser.gql(
      'mutation ($o: String, $n: String!) { createOrg(orgId: $o, orgType: "regular", orgName: $n) { orgId } }',
      { o: second, n: 'Second Practice' },
    );
    expect(made.code).toBeUndefined();
    expect(await emr.connect(member.browser, member.orgId, 'office')).toBeUndefined();
    const start = Date.now();
    emr.setLaunchContext({
      patient: { name: [{ family: 'Okafor', given: ['Ada'] }], gender: 'female', birthDate: '1980-04-02' },
      period: { start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() },
      userEmail: member.email,
    });

    // The EMR opens Vigil in a browser with no Vigil session.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/launch?iss=${encodeURIComponent(emr.iss('office'))}&launch=launch-e2e`);
    await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/cases/apt-[^/]+$`));
    // A bound, not a pause: a case document's first load on a loaded 2-core machine took over 30 s.
    await expect(page.getByTestId('case-patient')).toHaveText('Ada Okafor', { timeout: 120_000 });
    // The browser went through the EMR's authorize endpoint; the code was exchanged with its PKCE verifier.
    expect(emr.asked.filter((a) => a.path === '/auth')).toHaveLength(1);
    expect(emr.tokenGrants.filter((g) => g.startsWith('authorization_code '))).toHaveLength(1);

    // Only the EMR's office is in the session, though the user belongs to two.
    const session = await context.request.post('/api/graphql', { data: { query: SESSION } });
    expect(await session.json()).toEqual({
      data: { session: { singleOrg: member.orgId, orgs: { regular: [{ id: member.orgId }] } } },
    });
    await page.close();

    // spec 000 §5: the name is not editable in a session tied to a single EMR organisation.
    const profile = await context.newPage();
    await profile.clock.install({ time: Date.now() });
    await profile.goto('/profile');
    await expect(profile.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await expect(profile.getByLabel('Name', { exact: true })).toBeDisabled();

    // spec 000 §2: unattended for 31 minutes, the EMR session ends on the 'Signed Out' card; a
    // SMART launch leaves no return cookie, so no 'Return to EMR'.
    await profile.clock.fastForward('31:00');
    await profile.clock.runFor(2_000);
    await expect(profile).toHaveURL(/\/signin\?returnUrl=%2Fprofile$/);
    const card = profile.getByTestId('emr-signed-out');
    await expect(card.getByRole('heading', { name: 'Signed Out' })).toBeVisible();
    await expect(card.getByText('You were signed out due to inactivity.', { exact: true })).toBeVisible();
    await expect(card.getByText('To log in again, please launch from within your EMR.', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Return to EMR' })).toHaveCount(0);
    await context.close();
  } finally {
    await emr.close();
  }
});
