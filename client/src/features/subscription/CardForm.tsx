import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PaymentCardView } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { useServerInfo } from '../../session/ServerInfo.js';
import { CardFormFooter } from './CardFormFooter.js';
import { addCard, tokenizeCard } from './api.js';
import { formatCardNumber, formatExpiry, readCardForm, type CardFormErrors, type CardFormValues } from './cardForm.js';
import { StripeCardForm } from './StripeCardForm.js';
import { loadStripeJs, stripeFor, type StripeLoader } from './stripeLoader.js';
import { billingErrorText } from './texts.js';

export interface CardFormProps {
  orgId: string;
  onAdded: (card: PaymentCardView) => void;
  onCancel?: () => void;
  /** How the real provider's script is loaded (tests hand in a fake); js.stripe.com by default. */
  loadStripe?: StripeLoader;
}

const EMPTY: CardFormValues = { number: '', expiry: '', cvc: '' };

/**
 * The card form (issue 37): the real provider's card entry when the server uses it (its
 * publishable key in the server info: StripeCardForm), else the local provider's form.
 */
export function CardForm({ loadStripe = loadStripeJs, ...props }: CardFormProps): ReactNode {
  const { stripePublishableKey } = useServerInfo();
  if (stripePublishableKey) return <StripeCardForm {...props} stripe={stripeFor(stripePublishableKey, loadStripe)} />;
  return <LocalCardForm {...props} />;
}

/**
 * The local provider's card form: number, MM/YY and CVC go to the provider's card entry route,
 * never to Vigil's storage; the payment method id it answers is then saved as the organisation's
 * card. A card the provider refuses shows the provider's text ('Your card was declined.').
 */
function LocalCardForm({ orgId, onAdded, onCancel }: Omit<CardFormProps, 'loadStripe'>): ReactNode {
  const [values, setValues] = useState<CardFormValues>(EMPTY);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (saving) return;
    const read = readCardForm(values, Date.now());
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setRefusal(null);
    setSaving(true);
    try {
      const paymentMethodId = await tokenizeCard(read.card);
      const card = await addCard(orgId, paymentMethodId);
      setValues(EMPTY);
      onAdded(card);
    } catch (err) {
      setRefusal(billingErrorText(errorCode(err)));
    } finally {
      setSaving(false);
    }
  };
  const input = { styles: { input: { minHeight: 44 } } };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a card">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            {...input}
            label="Card number"
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={values.number}
            error={errors.number}
            onChange={(e) => {
              const number = formatCardNumber(e.currentTarget.value);
              setValues((v) => ({ ...v, number }));
            }}
          />
          <TextInput
            {...input}
            label="Expiry (MM/YY)"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={values.expiry}
            error={errors.expiry}
            onChange={(e) => {
              const expiry = formatExpiry(e.currentTarget.value);
              setValues((v) => ({ ...v, expiry }));
            }}
          />
          <TextInput
            {...input}
            label="CVC"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvc}
            error={errors.cvc}
            onChange={(e) => {
              const cvc = e.currentTarget.value.replace(/\D/g, '');
              setValues((v) => ({ ...v, cvc }));
            }}
          />
        </SimpleGrid>
        <CardFormFooter refusal={refusal} saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
