import { expect } from '@playwright/test';
import type { Browser as CookieJar } from '../integration/accounts-client.js';

const cookieHeader = (jar: CookieJar): string => [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * The success test card entered with the local provider's card entry (what its browser form
 * posts), then saved as the organisation's card, for specs whose subject is not the card form.
 */
export async function addLocalCard(baseURL: string, jar: CookieJar, orgId: string): Promise<void> {
  const reply = await fetch(`${baseURL}/api/billing/local/payment-methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(jar) },
    body: JSON.stringify({
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    }),
  });
  expect(reply.status).toBe(200);
  const { id } = (await reply.json()) as { id: string };
  const added = await jar.gql(
    'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { last4 } }',
    { o: orgId, pm: id },
  );
  expect(added.code).toBeFalsy();
}
