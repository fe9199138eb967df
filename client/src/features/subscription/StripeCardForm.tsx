import { Alert, Box, Input, Stack, Text, TextInput } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import type { PaymentCardView } from '@vigil/shared';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { CardFormFooter } from './CardFormFooter.js';
import { addCard, startCardSetup } from './api.js';
import { CARD_SETUP_TEXTS, CardSetupRefusal, CardSetupSession } from './cardSetup.js';
import { billingErrorText } from './texts.js';

export interface StripeCardFormProps {
  orgId: string;
  /** The provider's script object, loading (stripeLoader.ts); a test's fake of the same shape. */
  stripe: Promise<Stripe | null>;
  onAdded: (card: PaymentCardView) => void;
  onCancel?: () => void;
}

/** The card field's look, close to the app's inputs (it is drawn inside the provider's frame). */
const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: { fontSize: '16px', color: '#212529', '::placeholder': { color: '#6b7280' } },
    invalid: { color: '#c92a2a' },
  },
};

export const LOAD_FAILED_TEXT =
  'The secure card field could not be loaded. Check the connection, then reload the page to add a card.';

/**
 * The card form with the real payment provider (issue 37): the provider's own card field (its
 * Elements, in its frame: the number never touches Vigil's page), the name on the card, and
 * "Save card", which starts a card setup on the server, confirms it with the provider (3-D Secure
 * when the bank asks, in the provider's dialog) and saves the card it confirmed. The provider's
 * refusal is shown as it words it; a double click saves one card.
 */
export function StripeCardForm({ stripe, ...props }: StripeCardFormProps): ReactNode {
  const [failed, setFailed] = useState(false);
  // The Elements provider is handed a promise that never rejects (a failed load answers null).
  const settled = useMemo(() => stripe.catch(() => null), [stripe]);
  useEffect(() => {
    let live = true;
    void settled.then((s) => {
      if (live && s === null) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [settled]);
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {LOAD_FAILED_TEXT}
      </Alert>
    );
  }
  return (
    <Elements stripe={settled}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ orgId, onAdded, onCancel }: Omit<StripeCardFormProps, 'stripe'>): ReactNode {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set before the first await: a second click in the same moment finds it taken.
  const busy = useRef(false);
  const [session] = useState(() => new CardSetupSession());
  const labelId = useId();

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const card = elements?.getElement('card');
    if (busy.current || !stripe || !card) return;
    const holder = name.trim();
    if (!holder) {
      setNameError(CARD_SETUP_TEXTS.name);
      return;
    }
    busy.current = true;
    setNameError(null);
    setRefusal(null);
    setSaving(true);
    try {
      const saved = await session.save({
        start: () => startCardSetup(orgId),
        confirm: (clientSecret) =>
          stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details: { name: holder } } }),
        add: (paymentMethodId) => addCard(orgId, paymentMethodId),
      });
      card.clear();
      setName('');
      onAdded(saved);
    } catch (err) {
      setRefusal(err instanceof CardSetupRefusal ? err.message : billingErrorText(errorCode(err)));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const changed = (event: StripeCardElementChangeEvent): void => {
    setFieldError(event.error?.message ?? null);
    session.cardChanged();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a card">
      <Stack gap="sm">
        <TextInput
          styles={{ input: { minHeight: 44 } }}
          label="Name on card"
          required
          autoComplete="cc-name"
          value={name}
          error={nameError}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setName(value);
            session.cardChanged();
          }}
        />
        <Input.Wrapper label="Card details" required error={fieldError} labelProps={{ id: labelId }}>
          <Box
            role="group"
            aria-labelledby={labelId}
            data-testid="stripe-card-field"
            px="sm"
            py={12}
            mih={44}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-body)',
            }}
          >
            <CardElement options={CARD_OPTIONS} onChange={changed} />
          </Box>
        </Input.Wrapper>
        {!stripe && (
          <Text size="sm" c="dimmed">
            {CARD_SETUP_TEXTS.loading}
          </Text>
        )}
        <CardFormFooter refusal={refusal} saving={saving} disabled={!stripe} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
