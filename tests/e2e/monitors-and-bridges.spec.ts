import { bookCase, seriousViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';

/*
 * Issue 38: the office's administrator creates a pairing code under Monitors and bridges; a Vigil
 * Bridge (its HTTP calls, as `npm run bridge` makes them) pairs with it and sends a reading of its
 * HL7 monitor; the screen lists the bridge and its monitor (axe clean); on the case screen the
 * provider picks that monitor, and the bridge's next reading shows in the vitals banner, charted by
 * the server into the case on a browser that never touched a serial port.
 */

test('a bridge paired by a code shows with its monitor, and a provider charts a case from that monitor', async ({
  browser,
  baseURL,
}) => {
  const { member, context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/org/${member.orgId}`);
  await page.getByRole('link', { name: 'Monitors', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${member.orgId}/monitors$`));
  await expect(page.getByRole('heading', { name: 'Monitors and bridges', level: 1 })).toBeVisible();
  await expect(page.getByText('No bridge is paired with this office yet.')).toBeVisible();

  await page.getByLabel('Location').fill('Operatory 2');
  await page.getByRole('button', { name: 'Create pairing code' }).click();
  const code = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // The bridge's own calls.
  const paired = await fetch(`${baseURL}/api/bridge/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name: 'Operatory 2 bridge' }),
  });
  expect(paired.status).toBe(201);
  const { token } = (await paired.json()) as { token: string };
  const send = (id: string, hr: number): Promise<Response> => {
    const t = Date.now();
    return fetch(`${baseURL}/api/bridge/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        monitors: [{ key: 'hl7:GE_B40', label: 'Operatory 2 monitor', protocol: 'hl7' }],
        readings: [
          {
            id,
            monitorKey: 'hl7:GE_B40',
            receivedAt: t,
            vitals: {
              hr: { value: hr, time: t, status: 'connected' },
              spo2: { value: 97, time: t, status: 'connected' },
            },
          },
        ],
      }),
    });
  };
  expect((await send('first', 70)).status).toBe(200);

  await page.reload();
  const card = page.getByRole('region', { name: 'Operatory 2 bridge' });
  await expect(card.getByText('Paired', { exact: true })).toBeVisible();
  await expect(card.getByRole('cell', { name: 'Operatory 2 monitor' })).toBeVisible();
  await expect(card.getByText(/^Operatory 2 · paired/)).toBeVisible();
  // axe-core (WCAG 2.1 A and AA) with the code shown and a bridge listed: no serious or critical violation.
  await page.getByLabel('Location').fill('Operatory 3');
  await page.getByRole('button', { name: 'Create pairing code' }).click();
  await expect(page.getByTestId('pairing-code')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The case screen: the provider picks the bridge's monitor.
  const caseId = await bookCase(baseURL!, member.orgId, member.token);
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const picker = page.getByRole('region', { name: 'Bridge monitors' });
  await picker
    .getByLabel('Bridge monitor')
    .selectOption({ label: 'Operatory 2 monitor (Operatory 2 bridge, Operatory 2)' });
  await picker.getByLabel('Chart a reading every').selectOption({ label: '5 s' });
  const charting = picker.getByText('Charting from Operatory 2 monitor (Operatory 2 bridge) every 5 s.');
  // The case's document reaches the server a moment after the screen opens it (CASE_NOT_OPENED before).
  await expect(async () => {
    await picker.getByRole('button', { name: 'Chart from this monitor' }).click();
    await expect(charting).toBeVisible({ timeout: 2000 });
  }).toPass();
  expect((await send('second', 64)).status).toBe(200);
  await expect(page.getByTestId('vitals-banner').getByTestId('banner-hr')).toContainText('64');

  // Revoked: the bridge is refused at once.
  await page.goto(`/org/${member.orgId}/monitors`);
  await card.getByRole('button', { name: 'Revoke' }).click();
  await card.getByRole('button', { name: 'Revoke bridge' }).click();
  await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
  expect((await send('third', 60)).status).toBe(401);
  await context.close();
});
