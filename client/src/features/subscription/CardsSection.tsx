import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PaymentCardView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { removeCard } from './api.js';
import { CardForm } from './CardForm.js';
import { CARD_BRANDS, cardBrandLabel, expiryText, type CardBrand } from './cardForm.js';
import { billingErrorText } from './texts.js';

/** Each brand's mark colours (its logo's own colours, dark enough for white text). */
const BRAND_COLOURS: Readonly<Record<CardBrand, string>> = {
  amex: '#006fcf',
  diners: '#004a97',
  discover: '#b34700',
  jcb: '#0b4ea2',
  mastercard: '#b3122b',
  visa: '#1a1f71',
};

/** The card brand's logo (spec 000 §10: amex, diners, discover, jcb, mastercard, visa), its name for screen readers. */
export function CardBrandLogo({ brand }: { brand: string }): ReactNode {
  const known = (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : null;
  return (
    <Badge
      radius="sm"
      size="lg"
      variant="filled"
      styles={{ root: { background: known ? BRAND_COLOURS[known] : '#495057', color: '#fff', minWidth: 56 } }}
      data-brand={brand}
    >
      {cardBrandLabel(brand)}
    </Badge>
  );
}

export interface CardsSectionProps {
  orgId: string;
  cards: PaymentCardView[];
  defaultCardId: string | null;
  onChanged: () => void;
}

/** The cards on file (brand, last 4, expiry) with add and remove (issue 37; spec 000 §3 Card). */
export function CardsSection({ orgId, cards, defaultCardId, onChanged }: CardsSectionProps): ReactNode {
  const [adding, setAdding] = useState(cards.length === 0);
  const [error, setError] = useState<string | null>(null);
  const remove = async (card: PaymentCardView): Promise<void> => {
    setError(null);
    try {
      await removeCard(orgId, card.id);
      onChanged();
    } catch (err) {
      setError(billingErrorText(errorCode(err)));
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-cards">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="sub-cards">
            Card on file
          </Title>
          {!adding && (
            <Button variant="default" mih={44} onClick={() => setAdding(true)}>
              Add card
            </Button>
          )}
        </Group>
        {cards.length === 0 && <Text size="sm">No card on file.</Text>}
        {cards.map((card) => (
          <Group key={card.id} justify="space-between" data-testid="card-on-file">
            <Group gap="sm">
              <CardBrandLogo brand={card.brand} />
              <Text>
                •••• {card.last4}, expires {expiryText(card.expMonth, card.expYear)}
                {card.id === defaultCardId ? ' (default)' : ''}
              </Text>
            </Group>
            <Button
              variant="subtle"
              color="red.9"
              mih={44}
              aria-label={`Remove the card ending in ${card.last4}`}
              onClick={() => void remove(card)}
            >
              Remove
            </Button>
          </Group>
        ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {adding && (
          <CardForm
            orgId={orgId}
            onAdded={() => {
              setAdding(false);
              onChanged();
            }}
            {...(cards.length > 0 ? { onCancel: () => setAdding(false) } : {})}
          />
        )}
        <Text size="xs">
          The card number goes to the payment provider; Vigil keeps only its brand, last 4 digits and expiry.
        </Text>
      </Stack>
    </Card>
  );
}
