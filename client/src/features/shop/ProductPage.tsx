import { Alert, Anchor, Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { CART_LIMITS, formatMoney } from '@vigil/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { NumberField } from '../../ui/kit/NumberField.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { useServer } from './hooks.js';
import { ShopLoadStatus, ShopRefusal, useShopPlace } from './ShopParts.js';
import { ShopLinks, useMayOrder } from './ShopPage.js';
import { stockText } from './texts.js';

/** `/org/{orgId}/shop/product/{productId}` (spec 000 §2): a product's pictures and description; administrators add it to the cart. */
export function ProductPage(): ReactNode {
  const { productId = '' } = useParams();
  const place = useShopPlace();
  const mayOrder = useMayOrder();
  const product = useServer(useCallback(() => api.fetchProduct(place.orgId, productId), [place.orgId, productId]));
  const p = product.data;
  return (
    <Page title={p?.name ?? 'Product'}>
      <ShopLinks mayOrder={mayOrder} />
      <ShopLoadStatus loaded={product} failedTitle="The product could not be loaded" />
      {p && (
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Pictures images={p.images} name={p.name} />
          <Stack gap="sm" maw={520} style={{ flex: '1 1 280px' }}>
            <Text size="sm" c="dimmed">
              {p.category} · SKU {p.sku}
            </Text>
            <Text size="xl" fw={700}>
              {formatMoney(p.price, p.currency)}
            </Text>
            <Text fw={600} c={p.stock > 0 ? undefined : 'red.9'}>
              {stockText(p.stock)}
            </Text>
            {p.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>}
            {mayOrder && p.stock > 0 && <AddToCart product={p} />}
          </Stack>
        </Group>
      )}
    </Page>
  );
}

function Pictures({ images, name }: { images: string[]; name: string }): ReactNode {
  const [shown, setShown] = useState(0);
  if (images.length === 0) return null;
  return (
    <Stack gap="xs" w={320} maw="100%">
      <Image
        src={images[Math.min(shown, images.length - 1)]}
        alt={name}
        h={320}
        fit="contain"
        bg="gray.0"
        radius="sm"
      />
      {images.length > 1 && (
        <Group gap="xs">
          {images.map((src, i) => (
            <UnstyledButton
              key={i}
              onClick={() => setShown(i)}
              aria-label={`Picture ${i + 1} of ${images.length}`}
              aria-pressed={i === shown}
              style={{ outline: i === shown ? '2px solid var(--mantine-color-blue-7)' : undefined, borderRadius: 4 }}
            >
              <Image src={src} alt="" w={56} h={56} fit="contain" bg="gray.0" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The quantity and "Add to cart": adds to what the cart already holds of it. */
function AddToCart({ product }: { product: api.Product }): ReactNode {
  const place = useShopPlace();
  const [quantity, setQuantity] = useState<number | null>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const add = async (): Promise<void> => {
    if (!quantity || quantity < 1) return;
    setBusy(true);
    setError(null);
    setAdded(null);
    try {
      const cart = await api.fetchCart(place.orgId);
      const held = cart.lines.find((l) => l.product.id === product.id)?.quantity ?? 0;
      const next = Math.min(CART_LIMITS.maxQuantity, held + quantity);
      const after = await api.setCartLine(place.orgId, product.id, next);
      setAdded(after.lines.find((l) => l.product.id === product.id)?.quantity ?? next);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <NumberField
          label="Quantity"
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={Math.min(CART_LIMITS.maxQuantity, product.stock)}
          allowDecimal={false}
          allowNegative={false}
          w={120}
        />
        <Button mih={44} onClick={() => void add()} loading={busy} disabled={!quantity || quantity < 1}>
          Add to cart
        </Button>
      </Group>
      <ShopRefusal code={error} orgId={place.orgId} />
      {added !== null && (
        <Alert color="green" role="status">
          {added} in your cart.{' '}
          <Anchor component={Link} to={`${place.base}/cart`}>
            View cart
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
