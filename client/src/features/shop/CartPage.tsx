import { Anchor, Button, Card, Group, Image, Stack, Table, Text } from '@mantine/core';
import { CART_LIMITS, formatMoney } from '@vigil/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { NumberField } from '../../ui/kit/NumberField.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { useServer } from './hooks.js';
import { ShopLoadStatus, ShopRefusal, Totals, useShopPlace } from './ShopParts.js';
import { ShopLinks } from './ShopPage.js';

/** `/org/{orgId}/shop/cart` (spec 000 §2): the administrator's cart, its quantities, totals and Checkout. */
export function CartPage(): ReactNode {
  const place = useShopPlace();
  const cart = useServer(useCallback(() => api.fetchCart(place.orgId), [place.orgId]));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const change = async (productId: string, quantity: number): Promise<void> => {
    setBusy(productId);
    setError(null);
    try {
      cart.set(await api.setCartLine(place.orgId, productId, quantity));
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(null);
    }
  };
  const c = cart.data;
  return (
    <Page title="Cart">
      <ShopLinks mayOrder />
      <ShopLoadStatus loaded={cart} failedTitle="The cart could not be loaded" />
      <ShopRefusal code={error} orgId={place.orgId} />
      {c?.lines.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={600}>Your cart is empty</Text>
          <Anchor component={Link} to={place.base}>
            Browse the shop
          </Anchor>
        </Card>
      )}
      {c && c.lines.length > 0 && (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.lines.map((l) => (
                  <CartRow key={l.product.id} line={l} busy={busy === l.product.id} onChange={change} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Totals {...c} />
          <Group justify="flex-end">
            <Button component={Link} to={`${place.base}/checkout`} mih={44}>
              Checkout
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}

interface CartRowProps {
  line: api.Cart['lines'][number];
  busy: boolean;
  onChange: (productId: string, quantity: number) => Promise<void>;
}

function CartRow({ line, busy, onChange }: CartRowProps): ReactNode {
  const place = useShopPlace();
  const p = line.product;
  const [quantity, setQuantity] = useState<number | null>(line.quantity);
  const commit = (): void => {
    if (quantity !== null && quantity >= 1 && quantity !== line.quantity) void onChange(p.id, quantity);
    else setQuantity(line.quantity);
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {p.images[0] && <Image src={p.images[0]} alt="" w={48} h={48} fit="contain" bg="gray.0" visibleFrom="xs" />}
          <Stack gap={0}>
            <Anchor component={Link} to={`${place.base}/product/${encodeURIComponent(p.id)}`}>
              {p.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatMoney(p.price, p.currency)} each
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} align="center">
          <NumberField
            aria-label={`Quantity of ${p.name}`}
            value={quantity}
            onChange={setQuantity}
            onBlur={commit}
            onKeyDown={(e) => e.key === 'Enter' && commit()}
            min={1}
            max={CART_LIMITS.maxQuantity}
            allowDecimal={false}
            allowNegative={false}
            disabled={busy}
            w={80}
          />
          <Button
            variant="subtle"
            color="red.9"
            mih={44}
            px="xs"
            disabled={busy}
            onClick={() => void onChange(p.id, 0)}
            aria-label={`Remove ${p.name}`}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
      <Table.Td ta="right">{formatMoney(p.price * line.quantity, p.currency)}</Table.Td>
    </Table.Tr>
  );
}
