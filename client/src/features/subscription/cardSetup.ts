import type { CardSetupView, PaymentCardView } from '@vigil/shared';

/*
 * Saving a card with the real provider's card entry (issue 37), as its documentation describes
 * saving a card for a subscription: the server starts a SetupIntent (startCardSetup), the
 * provider's script confirms it with the card the user typed into its card field
 * (confirmCardSetup, which carries out 3-D Secure when the bank asks for it), and the payment
 * method it confirmed is saved as the organisation's card (addCard). No React here: the form
 * (StripeCardForm.tsx) hands in the three steps.
 */

/** What confirmCardSetup answers, reduced to what is read here (Stripe.js's SetupIntentResult). */
export interface ConfirmResult {
  setupIntent?: { status: string; payment_method: string | { id: string } | null };
  error?: { type?: string; code?: string; message?: string; setup_intent?: { status: string } };
}

export interface CardSetupSteps {
  start: () => Promise<CardSetupView>;
  confirm: (clientSecret: string) => Promise<ConfirmResult>;
  add: (paymentMethodId: string) => Promise<PaymentCardView>;
}

export const CARD_SETUP_TEXTS = {
  name: 'Enter the name on the card.',
  loading: 'Loading the secure card field…',
  unavailable: 'The card entry is not available right now. Reload the page and try again.',
  notConfirmed: "The card was not saved: its bank's check did not finish. Please try again.",
  failed: 'The card could not be saved. Please try again.',
} as const;

/** A refusal of the provider or of its card field, whose text is shown as it is. */
export class CardSetupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardSetupRefusal';
  }
}

const idOf = (pm: string | { id: string } | null | undefined): string | null =>
  pm == null ? null : typeof pm === 'string' ? pm : pm.id;

/**
 * One card being saved. A setup whose confirmation was refused (a declined card, a mistyped
 * number) is confirmed again with the next card typed rather than a new one started; a card
 * confirmed whose saving failed (the network) is saved again without asking the bank twice,
 * unless the card typed changed since.
 */
export class CardSetupSession {
  private clientSecret: string | null = null;
  private confirmed: string | null = null;

  /** The card typed changed: a card confirmed but not saved yet is no longer the one to save. */
  cardChanged(): void {
    this.confirmed = null;
  }

  /** Saves the card typed, with this attempt's steps (its card field and name). */
  async save(steps: CardSetupSteps): Promise<PaymentCardView> {
    this.confirmed ??= await this.confirm(steps);
    const card = await steps.add(this.confirmed);
    this.confirmed = null;
    return card;
  }

  private async confirm(steps: CardSetupSteps): Promise<string> {
    if (!this.clientSecret) {
      const setup = await steps.start();
      if (!setup.clientSecret) throw new CardSetupRefusal(CARD_SETUP_TEXTS.unavailable);
      this.clientSecret = setup.clientSecret;
    }
    const result = await steps.confirm(this.clientSecret);
    if (result.error) {
      // The same setup takes another card after a refusal of the card (it waits for a payment
      // method again) or a mistake the card field caught before sending anything; any other
      // failure starts a new one next time.
      const reusable =
        result.error.type === 'validation_error' || result.error.setup_intent?.status === 'requires_payment_method';
      if (!reusable) this.clientSecret = null;
      throw new CardSetupRefusal(result.error.message || CARD_SETUP_TEXTS.failed);
    }
    // confirmCardSetup carried out any authentication the bank asked for: only a setup that
    // succeeded has a card to save.
    this.clientSecret = null;
    const paymentMethodId = idOf(result.setupIntent?.payment_method);
    if (result.setupIntent?.status !== 'succeeded' || !paymentMethodId) {
      throw new CardSetupRefusal(CARD_SETUP_TEXTS.notConfirmed);
    }
    return paymentMethodId;
  }
}
