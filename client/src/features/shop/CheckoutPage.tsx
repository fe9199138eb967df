import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { useServer } from './hooks.js';
import { AddressBlock, orderHref, ShopLoadStatus, ShopRefusal, Totals, useShopPlace } from './ShopParts.js';
import { addressLines } from './texts.js';

/**
 * `/org/{orgId}/shop/checkout` (spec 000 §2): what is ordered, where it ships (the organisation's
 * shipping address, else its billing address), the card it is paid with, and "Place order".
 * One order however often it is pressed: a press while one is being placed does nothing.
 */
export function CheckoutPage(): ReactNode {
  const place = useShopPlace();
  const navigate = useNavigate();
  const cart = useServer(useCallback(() => api.fetchCart(place.orgId), [place.orgId]));
  const shipTo = useServer(useCallback(() => api.fetchShipTo(place.orgId), [place.orgId]));
  const card = useServer(useCallback(async () => ({ card: await api.fetchCardOnFile(place.orgId) }), [place.orgId]));
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const placeOrder = async (): Promise<void> => {
    if (placing.current) return;
    placing.current = true;
    setBusy(true);
    setError(null);
    try {
      const order = await api.checkout(place.orgId);
      void navigate(orderHref(place, order.id));
    } catch (err) {
      setError(errorCode(err));
      placing.current = false;
      setBusy(false);
    }
  };
  const c = cart.data;
  const address = shipTo.data ? addressLines(shipTo.data.shippingAddress ?? shipTo.data.billingAddress) : [];
  return (
    <Page title="Checkout">
      <ShopLoadStatus loaded={cart} failedTitle="The cart could not be loaded" />
      {c?.lines.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={600}>Your cart is empty</Text>
          <Anchor component={Link} to={place.base}>
            Browse the shop
          </Anchor>
        </Card>
      )}
      {c && c.lines.length > 0 && (
        <Stack gap="md" maw={640}>
          <Card withBorder padding="md" component="section" aria-label="Order summary">
            <Stack gap="xs">
              {c.lines.map((l) => (
                <Group key={l.product.id} justify="space-between" wrap="nowrap">
                  <Text>
                    {l.quantity} × {l.product.name}
                  </Text>
                </Group>
              ))}
              <Totals {...c} />
            </Stack>
          </Card>
          <Card withBorder padding="md" component="section" aria-label="Shipping address">
            <Text fw={600}>Ships to</Text>
            {shipTo.error ? (
              <Text c="dimmed">The organization’s shipping address.</Text>
            ) : (
              <AddressBlock
                lines={address}
                empty="No address yet: add one on the Subscription page, or the team will ask you for it."
              />
            )}
          </Card>
          <Card withBorder padding="md" component="section" aria-label="Payment">
            <Text fw={600}>Paid with</Text>
            {card.data ? (
              <CardNote card={card.data.card} failed={false} orgId={place.orgId} />
            ) : (
              card.error !== null && <CardNote card={null} failed orgId={place.orgId} />
            )}
          </Card>
          <ShopRefusal code={error} orgId={place.orgId} />
          <Group justify="space-between">
            <Anchor component={Link} to={`${place.base}/cart`}>
              Back to the cart
            </Anchor>
            <Button mih={44} loading={busy} onClick={() => void placeOrder()}>
              Place order
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}

function CardNote({ card, failed, orgId }: { card: api.CardOnFile | null; failed: boolean; orgId: string }): ReactNode {
  if (failed) return <Text>The organization’s card on file.</Text>;
  if (card === null) {
    return (
      <Text>
        No card on file.{' '}
        <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/subscription`}>
          Add a card on the Subscription page
        </Anchor>
      </Text>
    );
  }
  return (
    <Text data-testid="card-on-file">
      {card.brand.toUpperCase()} ending in {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
    </Text>
  );
}
