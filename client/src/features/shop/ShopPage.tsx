import { Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMayAdminister } from '../../data/orgAccess.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { usePages } from './hooks.js';
import { ShopLoadStatus, useShopPlace } from './ShopParts.js';
import { stockText } from './texts.js';

/** The links every shop screen shows: the catalogue, the cart (administrators) and the orders. */
export function ShopLinks({ mayOrder }: { mayOrder: boolean }): ReactNode {
  const place = useShopPlace();
  return (
    <Group gap="xs">
      <Button component={Link} to={place.base} variant="default" mih={44}>
        Catalogue
      </Button>
      {mayOrder && (
        <Button component={Link} to={`${place.base}/cart`} variant="default" mih={44}>
          Cart
        </Button>
      )}
      {!place.onBehalf && (
        <Button component={Link} to={`${place.base}/orders`} variant="default" mih={44}>
          Orders
        </Button>
      )}
    </Group>
  );
}

/** Whether the signed-in user may fill the cart here: the organisation's administrators, or the team on its behalf. */
export function useMayOrder(): boolean {
  const place = useShopPlace();
  const admin = useMayAdminister(place.orgId);
  return admin || place.onBehalf;
}

/** `/org/{orgId}/shop` (spec 000 §2): the team's products an office may buy, a page at a time. */
export function ShopPage(): ReactNode {
  const place = useShopPlace();
  const mayOrder = useMayOrder();
  const page = useCallback((after: string | null) => api.fetchCatalogue(place.orgId, after), [place.orgId]);
  const products = usePages(page, api.PRODUCT_PAGE);
  return (
    <Page title="Shop">
      <Text c="dimmed" maw={720}>
        Monitors, scanners and supplies that work with Vigil, paid with your organization’s card and shipped to your
        office.
        {!mayOrder && ' Only an administrator of your organization can order.'}
      </Text>
      <ShopLinks mayOrder={mayOrder} />
      <ShopLoadStatus loaded={products} failedTitle="The shop could not be loaded" />
      {products.data?.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={600}>Nothing for sale yet</Text>
          <Text c="dimmed">The Vigil team adds products here.</Text>
        </Card>
      )}
      {products.data && products.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" role="list" aria-label="Products">
          {products.data.map((p) => (
            <ProductCard key={p.id} product={p} href={`${place.base}/product/${encodeURIComponent(p.id)}`} />
          ))}
        </SimpleGrid>
      )}
      {products.more && (
        <Group>
          <Button variant="default" mih={44} loading={products.loadingMore} onClick={products.loadMore}>
            Load more
          </Button>
        </Group>
      )}
    </Page>
  );
}

function ProductCard({ product: p, href }: { product: api.Product; href: string }): ReactNode {
  return (
    <Card withBorder padding="md" role="listitem" aria-labelledby={`product-${p.id}`}>
      <Card.Section>
        {p.images[0] ? (
          <Image src={p.images[0]} alt="" h={160} fit="contain" bg="gray.0" />
        ) : (
          <Stack h={160} justify="center" align="center" bg="gray.0">
            <Text c="dimmed">No picture</Text>
          </Stack>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} id={`product-${p.id}`}>
          <Anchor component={Link} to={href}>
            {p.name}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          {p.category}
        </Text>
        <Group justify="space-between">
          <Text fw={700}>{formatMoney(p.price, p.currency)}</Text>
          {p.stock > 0 ? (
            <Text size="sm">{stockText(p.stock)}</Text>
          ) : (
            <Badge color="gray" variant="light">
              Out of stock
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
