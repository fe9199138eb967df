// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SetupIntent, SetupIntentResult, Stripe, StripeError } from '@stripe/stripe-js';
import type { PaymentCardView } from '@vigil/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardForm } from './CardForm.js';
import { CARD_SETUP_TEXTS } from './cardSetup.js';
import { LOAD_FAILED_TEXT, StripeCardForm } from './StripeCardForm.js';
import { installMatchMedia } from '../../ui/matchMedia.test-util.js';

/*
 * The card form with the real provider (issue 37), its provider script replaced by a fake of the
 * same shape (js.stripe.com cannot be reached here): the object the Elements provider and the card
 * field use (elements(), create('card'), mount, on/off, getElement), and confirmCardSetup
 * answering as Stripe.js answers, a SetupIntent or an error. The server calls are mocked.
 */

const api = vi.hoisted(() => ({
  startCardSetup: vi.fn<(orgId: string) => Promise<{ provider: string; clientSecret: string | null }>>(),
  addCard: vi.fn<(orgId: string, paymentMethodId: string) => Promise<PaymentCardView>>(),
  tokenizeCard: vi.fn(),
}));
vi.mock('./api.js', () => api);

const serverInfo = vi.hoisted(() => ({ stripePublishableKey: null as string | null }));
vi.mock('../../session/ServerInfo.js', () => ({
  useServerInfo: () => ({ clock: 'ok', driftMs: 0, environment: 'test', ...serverInfo }),
}));

beforeAll(installMatchMedia);
afterEach(cleanup);

const SECRET = 'seti_1SMb6kLkdIwHu7ixR3nV8pQe_secret_TJx6bW1gJm0kq2LwXcRz5YtPvN8aD3e';
const PM = 'pm_1SMb7rLkdIwHu7ixQ4fk2Hn9';
const VISA: PaymentCardView = { id: PM, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

/** A SetupIntent as confirmCardSetup resolves it (Stripe.js's type: every field it declares). */
function setupIntent(status: SetupIntent.Status, paymentMethod: string | null): SetupIntent {
  return {
    id: 'seti_1SMb6kLkdIwHu7ixR3nV8pQe',
    object: 'setup_intent',
    cancellation_reason: null,
    client_secret: SECRET,
    created: 1795908600,
    description: null,
    last_setup_error: null,
    livemode: false,
    next_action: null,
    payment_method: paymentMethod,
    payment_method_types: ['card'],
    status,
    usage: 'off_session',
  };
}
const succeeded = (): SetupIntentResult => ({ setupIntent: setupIntent('succeeded', PM) });
/** A refusal as confirmCardSetup resolves it: the SetupIntent waits for another card. */
const refused = (type: StripeError['type'], code: string, message: string): SetupIntentResult => ({
  error: { type, code, message, setup_intent: setupIntent('requires_payment_method', null) },
});
const DECLINED = refused('card_error', 'card_declined', 'Your card was declined.');

type Confirm = (clientSecret: string, data: unknown) => Promise<SetupIntentResult>;

interface FakeCardElement {
  mount: (node: HTMLElement) => void;
  on: (event: string, handler: (e: unknown) => void) => FakeCardElement;
  off: (event: string, handler: (e: unknown) => void) => FakeCardElement;
  update: () => void;
  destroy: () => void;
  clear: () => void;
  emit: (event: string, payload: unknown) => void;
  mountedIn: HTMLElement | null;
}

/** The provider's script object, faked: what Elements, the card field and the form call. */
function fakeStripe(confirm: Confirm) {
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const card: FakeCardElement = {
    mountedIn: null,
    mount(node) {
      card.mountedIn = node;
    },
    on(event, handler) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return card;
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler);
      return card;
    },
    update: () => undefined,
    destroy: () => undefined,
    clear: vi.fn(),
    emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
  let created: FakeCardElement | null = null;
  const elements = {
    create: vi.fn((type: string) => {
      expect(type).toBe('card');
      created = card;
      return card;
    }),
    getElement: (type: string) => (type === 'card' ? created : null),
    update: () => undefined,
  };
  const confirmCardSetup = vi.fn(confirm);
  const stripe = {
    elements: () => elements,
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmCardSetup,
  };
  return { stripe: stripe as unknown as Stripe, card, confirmCardSetup };
}

function Shell({ children }: { children: ReactNode }): ReactNode {
  return <MantineProvider>{children}</MantineProvider>;
}

async function renderForm(confirm: Confirm, onAdded = vi.fn()) {
  const fake = fakeStripe(confirm);
  render(
    <Shell>
      <StripeCardForm orgId="office" stripe={Promise.resolve(fake.stripe)} onAdded={onAdded} />
    </Shell>,
  );
  const save = await screen.findByRole('button', { name: 'Save card' });
  await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  expect(fake.card.mountedIn).not.toBeNull();
  return { ...fake, save, onAdded };
}

const typeName = (name: string): void => {
  fireEvent.change(screen.getByLabelText(/Name on card/), { target: { value: name } });
};
const form = (): HTMLElement => screen.getByRole('form', { name: 'Add a card' });

beforeEach(() => {
  api.startCardSetup.mockReset().mockResolvedValue({ provider: 'stripe', clientSecret: SECRET });
  api.addCard.mockReset().mockResolvedValue(VISA);
  api.tokenizeCard.mockReset();
  serverInfo.stripePublishableKey = null;
});

describe('the card form with the real provider (issue 37)', () => {
  it('starts a card setup, confirms it with the card field and the name, and saves the card it confirmed', async () => {
    const { save, confirmCardSetup, card, onAdded } = await renderForm(() => Promise.resolve(succeeded()));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(VISA));
    expect(api.startCardSetup).toHaveBeenCalledWith('office');
    expect(confirmCardSetup).toHaveBeenCalledWith(SECRET, {
      payment_method: { card, billing_details: { name: 'Ada Lovelace' } },
    });
    expect(api.addCard).toHaveBeenCalledWith('office', PM);
    // The form is ready for another card.
    expect(card.clear).toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>(/Name on card/).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the provider's refusal of a declined card as it words it, saves nothing, and confirms the same setup with the next card", async () => {
    const answers = [DECLINED, succeeded()];
    const { save, confirmCardSetup, onAdded } = await renderForm(() => Promise.resolve(answers.shift()!));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(api.addCard).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(VISA));
    // One SetupIntent for both attempts: it waited for another card after the decline.
    expect(api.startCardSetup).toHaveBeenCalledTimes(1);
    expect(confirmCardSetup.mock.calls.map(([secret]) => secret)).toEqual([SECRET, SECRET]);
  });

  it('waits while confirmCardSetup carries out the 3-D Secure challenge, then saves the card it authenticated', async () => {
    let approve: (() => void) | null = null;
    // As Stripe.js does with a setup that answers requires_action: it opens the bank's challenge
    // and resolves once the card holder approved it, with the SetupIntent succeeded.
    const { save, onAdded } = await renderForm(
      () =>
        new Promise<SetupIntentResult>((resolve) => {
          approve = () => resolve(succeeded());
        }),
    );
    typeName('Ada Lovelace');
    fireEvent.click(save);
    await waitFor(() => expect(approve).not.toBeNull());
    expect(save.hasAttribute('data-loading')).toBe(true);
    expect(api.addCard).not.toHaveBeenCalled();
    await act(() => {
      approve!();
      return Promise.resolve();
    });
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(VISA));
    expect(api.addCard).toHaveBeenCalledWith('office', PM);
  });

  it('shows the failed 3-D Secure challenge as the provider words it and saves nothing', async () => {
    const text =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const failed = refused('invalid_request_error', 'setup_intent_authentication_failure', text);
    const { save, onAdded } = await renderForm(() => Promise.resolve(failed));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(api.addCard).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('saves nothing from a setup that still requires action when confirmCardSetup answers, and says so', async () => {
    const pending: SetupIntentResult = { setupIntent: setupIntent('requires_action', PM) };
    const { save, onAdded } = await renderForm(() => Promise.resolve(pending));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain(CARD_SETUP_TEXTS.notConfirmed);
    expect(api.addCard).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('saves one card on a double click or a second submit while the first is under way', async () => {
    let approve: (() => void) | null = null;
    const { save, confirmCardSetup, onAdded } = await renderForm(
      () =>
        new Promise<SetupIntentResult>((resolve) => {
          approve = () => resolve(succeeded());
        }),
    );
    typeName('Ada Lovelace');
    fireEvent.click(save);
    fireEvent.click(save);
    fireEvent.submit(form());
    await waitFor(() => expect(approve).not.toBeNull());
    fireEvent.submit(form());
    await act(() => {
      approve!();
      return Promise.resolve();
    });
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(api.startCardSetup).toHaveBeenCalledTimes(1);
    expect(confirmCardSetup).toHaveBeenCalledTimes(1);
    expect(api.addCard).toHaveBeenCalledTimes(1);
  });

  it('saves the confirmed card again without a second bank check when saving it failed', async () => {
    api.addCard.mockRejectedValueOnce(new Error('network')).mockResolvedValue(VISA);
    const { save, confirmCardSetup, onAdded } = await renderForm(() => Promise.resolve(succeeded()));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred. Please try again.');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(VISA));
    expect(confirmCardSetup).toHaveBeenCalledTimes(1);
    expect(api.addCard.mock.calls).toEqual([
      ['office', PM],
      ['office', PM],
    ]);
  });

  it('confirms again when the card typed changed after a confirmed card could not be saved', async () => {
    api.addCard.mockRejectedValueOnce(new Error('network')).mockResolvedValue(VISA);
    const { save, card, confirmCardSetup, onAdded } = await renderForm(() => Promise.resolve(succeeded()));
    typeName('Ada Lovelace');
    fireEvent.click(save);
    await screen.findByRole('alert');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    act(() => card.emit('change', { elementType: 'card', complete: true, empty: false, error: undefined }));
    fireEvent.click(save);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(VISA));
    // The used SetupIntent is not confirmed twice: a new one is started for the new card.
    expect(api.startCardSetup).toHaveBeenCalledTimes(2);
    expect(confirmCardSetup).toHaveBeenCalledTimes(2);
  });

  it('asks for the name on the card before sending anything, and shows what the card field reports', async () => {
    const { save, card, confirmCardSetup } = await renderForm(() => Promise.resolve(succeeded()));
    fireEvent.click(save);
    expect(await screen.findByText(CARD_SETUP_TEXTS.name)).toBeTruthy();
    expect(api.startCardSetup).not.toHaveBeenCalled();
    expect(confirmCardSetup).not.toHaveBeenCalled();
    act(() =>
      card.emit('change', {
        elementType: 'card',
        complete: false,
        empty: false,
        error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
      }),
    );
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
  });

  it('says the secure card field could not be loaded when the provider script does not load', async () => {
    render(
      <Shell>
        <StripeCardForm orgId="office" stripe={Promise.reject(new Error('offline'))} onAdded={vi.fn()} />
      </Shell>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(LOAD_FAILED_TEXT);
    expect(screen.queryByRole('button', { name: 'Save card' })).toBeNull();
  });
});

describe('choosing the card form from the server info (issue 37)', () => {
  it("keeps the local provider's form without a publishable key, loading no provider script", () => {
    const load = vi.fn();
    render(
      <Shell>
        <CardForm orgId="office" onAdded={vi.fn()} loadStripe={load} />
      </Shell>,
    );
    expect(screen.getByLabelText(/Card number/)).toBeTruthy();
    expect(screen.queryByLabelText(/Name on card/)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("uses the provider's card field with the publishable key the server gives, loading its script once", async () => {
    serverInfo.stripePublishableKey = 'pk_test_vigil_form';
    const fake = fakeStripe(() => Promise.resolve(succeeded()));
    const load = vi.fn(() => Promise.resolve(fake.stripe));
    const { rerender } = render(
      <Shell>
        <CardForm orgId="office" onAdded={vi.fn()} loadStripe={load} />
      </Shell>,
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save card' }).disabled).toBe(false),
    );
    rerender(
      <Shell>
        <CardForm orgId="office" onAdded={vi.fn()} loadStripe={load} />
      </Shell>,
    );
    expect(screen.getByLabelText(/Name on card/)).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    expect(load.mock.calls).toEqual([['pk_test_vigil_form']]);
  });
});
