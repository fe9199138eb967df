import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { usePages, useServer, type Pages } from './hooks.js';
import { OrderDetails, orderHref, ShopLoadStatus, StatusBadge, useShopPlace } from './ShopParts.js';
import { ShopLinks, useMayOrder } from './ShopPage.js';
import { dateTimeText } from './texts.js';

export interface OrderTableProps {
  orders: Pages<api.ShopOrder>;
  href: (o: api.ShopOrder) => string;
  /** Show the organisation's name (the team's list). */
  withOrg?: boolean;
  empty: string;
}

/** A list of orders, newest first, with "Load more" (the office's orders and the team's). */
export function OrderTable({ orders, href, withOrg = false, empty }: OrderTableProps): ReactNode {
  if (orders.data?.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text>{empty}</Text>
      </Card>
    );
  }
  if (!orders.data) return null;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              {withOrg && <Table.Th>Organization</Table.Th>}
              <Table.Th>Placed</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={Link} to={href(o)}>
                    {o.number}
                  </Anchor>
                </Table.Td>
                {withOrg && <Table.Td>{o.orgName}</Table.Td>}
                <Table.Td>{dateTimeText(o.createdAt)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={o.status} />
                </Table.Td>
                <Table.Td ta="right">{formatMoney(o.total, o.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {orders.more && (
        <Group>
          <Button variant="default" mih={44} loading={orders.loadingMore} onClick={orders.loadMore}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** `/org/{orgId}/shop/orders` (spec 000 §2): the organisation's orders, newest first. */
export function OrdersPage(): ReactNode {
  const place = useShopPlace();
  const mayOrder = useMayOrder();
  const page = useCallback((after: string | null) => api.fetchOrders(place.orgId, after), [place.orgId]);
  const orders = usePages(page, api.ORDER_PAGE);
  return (
    <Page title="Orders">
      <ShopLinks mayOrder={mayOrder} />
      <ShopLoadStatus loaded={orders} failedTitle="The orders could not be loaded" />
      <OrderTable orders={orders} href={(o) => orderHref(place, o.id)} empty="No orders yet." />
    </Page>
  );
}

/** `/org/{orgId}/shop/orders/{orderId}` (spec 000 §2): one order, its status and where it is. */
export function OrderPage(): ReactNode {
  const { orderId = '' } = useParams();
  const place = useShopPlace();
  const mayOrder = useMayOrder();
  const order = useServer(useCallback(() => api.fetchOrder(place.orgId, orderId), [place.orgId, orderId]));
  const o = order.data;
  return (
    <Page title={o ? `Order ${o.number}` : 'Order'}>
      <ShopLinks mayOrder={mayOrder} />
      <ShopLoadStatus loaded={order} failedTitle="The order could not be loaded" />
      {o && (
        <Stack gap="md">
          <Group gap="sm">
            <StatusBadge status={o.status} />
            <Text c="dimmed">Placed {dateTimeText(o.createdAt)}</Text>
            {o.placedByTeam && <Text c="dimmed">by the Vigil team</Text>}
          </Group>
          <OrderDetails order={o} />
        </Stack>
      )}
    </Page>
  );
}
