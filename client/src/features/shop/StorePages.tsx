import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatMoney, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { usePages, useServer } from './hooks.js';
import { OrderTable } from './OrdersPage.js';
import { ShopLoadStatus } from './ShopParts.js';

export const STORE = '/vigil-team/store';
const COUNT_UP_TO = 200;

/** The team store's links. */
export function StoreLinks(): ReactNode {
  return (
    <Group gap="xs">
      <Button component={Link} to={STORE} variant="default" mih={44}>
        Overview
      </Button>
      <Button component={Link} to={`${STORE}/products`} variant="default" mih={44}>
        Products
      </Button>
      <Button component={Link} to={`${STORE}/orders`} variant="default" mih={44}>
        Orders
      </Button>
    </Group>
  );
}

async function storeCounts(): Promise<{ status: OrderStatus; count: number }[]> {
  return Promise.all(
    ORDER_STATUSES.map(async (status) => ({
      status,
      count: await api.countStoreOrders(status, COUNT_UP_TO),
    })),
  );
}

/** `/vigil-team/store` (spec 000 §2): orders per status, each a link to its list. */
export function StorePage(): ReactNode {
  const counts = useServer(storeCounts);
  return (
    <Page title="Store">
      <Text c="dimmed" maw={720}>
        The products offices buy in their shop, and their orders to fulfil, ship or refund.
      </Text>
      <StoreLinks />
      <ShopLoadStatus loaded={counts} failedTitle="The store could not be loaded" />
      {counts.data && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" role="list" aria-label="Orders by status">
          {counts.data.map(({ status, count }) => (
            <Card key={status} withBorder padding="md" role="listitem">
              <Text size="xl" fw={700} data-testid={`count-${status}`}>
                {count >= COUNT_UP_TO ? `${COUNT_UP_TO}+` : count}
              </Text>
              <Anchor component={Link} to={`${STORE}/orders?status=${status}`}>
                {ORDER_STATUS_LABELS[status]}
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}

/** `/vigil-team/store/products` (spec 000 §2): every product, archived ones too. */
export function StoreProductsPage(): ReactNode {
  const page = useCallback((after: string | null) => api.fetchStoreProducts(after), []);
  const products = usePages(page, 100);
  return (
    <Page title="Store Products">
      <StoreLinks />
      <Group>
        <Button component={Link} to={`${STORE}/products/new`} mih={44}>
          New product
        </Button>
      </Group>
      <ShopLoadStatus loaded={products} failedTitle="The products could not be loaded" />
      {products.data?.length === 0 && <Text>No products yet.</Text>}
      {products.data && products.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Stock</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${STORE}/products/${encodeURIComponent(p.id)}`}>
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.sku}</Table.Td>
                  <Table.Td>{p.category}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.price, p.currency)}</Table.Td>
                  <Table.Td ta="right">{p.stock}</Table.Td>
                  <Table.Td>
                    {p.active ? <Badge color="green.9">For sale</Badge> : <Badge color="gray.7">Archived</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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

const isStatus = (v: string | null): v is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(v ?? '');

/** `/vigil-team/store/orders` (spec 000 §2): every organisation's orders, of one status or all, a page at a time. */
export function StoreOrdersPage(): ReactNode {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status = isStatus(raw) ? raw : null;
  const page = useCallback((after: string | null) => api.fetchStoreOrders(status, after), [status]);
  const orders = usePages(page, api.ORDER_PAGE);
  return (
    <Page title="Store Orders">
      <StoreLinks />
      <NativeSelect
        label="Status"
        w={220}
        value={status ?? ''}
        onChange={(e) => setSearch(e.currentTarget.value ? { status: e.currentTarget.value } : {})}
        data={[
          { value: '', label: 'All' },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
        ]}
      />
      <ShopLoadStatus loaded={orders} failedTitle="The orders could not be loaded" />
      <Stack>
        <OrderTable
          orders={orders}
          withOrg
          href={(o) => `${STORE}/orders/${encodeURIComponent(o.id)}`}
          empty={status ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders.` : 'No orders yet.'}
        />
      </Stack>
    </Page>
  );
}

/**
 * `/vigil-team/stripe-customers/{id}/orders/{orderId}/shop…` (spec 000 §2): a payment provider's
 * customer is not an organisation Vigil can order for by itself, so the store is shown with a note.
 */
export function ProviderCustomerShopPage(): ReactNode {
  return (
    <Page title="Shop">
      <Alert color="blue" title="Ordering for a payment customer">
        A payment provider’s customer is ordered for through its organization: open the organization under
        Organizations, then its shop. The store’s products and orders are below.
      </Alert>
      <StoreLinks />
    </Page>
  );
}
