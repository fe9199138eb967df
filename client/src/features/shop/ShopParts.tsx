import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import { formatMoney, ORDER_STATUS_LABELS, type OrderStatus } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { ShopOrder } from './api.js';
import { addressLines, dateTimeText, needsCard, orderTimeline, shopErrorText, STATUS_COLORS } from './texts.js';

/** Where the shop's screens are: the organisation they buy for and the path their links start from. */
export interface ShopPlace {
  orgId: string;
  /** `/org/{orgId}/shop`, or the team's `/vigil-team/orgs/{id}/orders/{orderId}/shop`. */
  base: string;
  /** Opened by the team on the organisation's behalf. */
  onBehalf: boolean;
}

/**
 * The office's shop screens serve the office (`/org/{orgId}/shop…`) and the team ordering on an
 * organisation's behalf (`/vigil-team/orgs/{selectedOrgId}/orders/{orderId}/shop…`, `parent-orgs/…`):
 * the organisation is whichever of those parameters the route has, the links stay under its prefix.
 */
export function useShopPlace(): ShopPlace {
  const params = useParams();
  const { pathname } = useLocation();
  const orgId = params.orgId ?? params.selectedOrgId ?? params.parentOrgId ?? '';
  const at = pathname.indexOf('/shop');
  return {
    orgId,
    base: at >= 0 ? pathname.slice(0, at + '/shop'.length) : `/org/${encodeURIComponent(orgId)}/shop`,
    onBehalf: pathname.startsWith('/vigil-team/'),
  };
}

/** Where an order's page is: the office's own, or the team store's when ordered on its behalf. */
export function orderHref(place: ShopPlace, orderId: string): string {
  return place.onBehalf
    ? `/vigil-team/store/orders/${encodeURIComponent(orderId)}`
    : `${place.base}/orders/${encodeURIComponent(orderId)}`;
}

export interface ShopLoadStatusProps {
  loaded: { data: unknown; error: string | null; reload: () => void };
  failedTitle: string;
}

/** What a shop screen shows while its data loads, and when it failed: the reason and "Try again". */
export function ShopLoadStatus({ loaded, failedTitle }: ShopLoadStatusProps): ReactNode {
  if (loaded.error) {
    return (
      <Alert color="red" role="alert" title={failedTitle}>
        <Stack gap="xs" align="flex-start">
          <Text>{shopErrorText(loaded.error)}</Text>
          <Button variant="default" mih={44} onClick={loaded.reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loaded.data !== null) return null;
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>Loading...</Text>
    </Group>
  );
}

/** A refusal of a change (checkout, a move, a save): the server's text; no card links to the Subscription page. */
export function ShopRefusal({ code, orgId }: { code: string | null; orgId: string }): ReactNode {
  if (!code) return null;
  return (
    <Alert color="red" role="alert">
      <Text>{shopErrorText(code)}</Text>
      {needsCard(code) && orgId && (
        <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/subscription`}>
          Go to the Subscription page
        </Anchor>
      )}
    </Alert>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }): ReactNode {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An address as lines. */
export function AddressBlock({ lines, empty }: { lines: string[]; empty: string }): ReactNode {
  if (lines.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap={0}>
      {lines.map((l, i) => (
        <Text key={i}>{l}</Text>
      ))}
    </Stack>
  );
}

/** Subtotal, shipping and total, right-aligned under a list of lines. */
export function Totals({
  subtotal,
  shipping,
  total,
  currency = 'usd',
}: {
  subtotal: number;
  shipping: number;
  total: number;
  currency?: string;
}): ReactNode {
  return (
    <Stack gap={2} align="flex-end" data-testid="totals">
      <Text>Subtotal: {formatMoney(subtotal, currency)}</Text>
      <Text>Shipping: {shipping === 0 ? 'Free' : formatMoney(shipping, currency)}</Text>
      <Text fw={700}>Total: {formatMoney(total, currency)}</Text>
    </Stack>
  );
}

/** An order's lines, totals, shipping address and timeline (the office's and the team's order pages). */
export function OrderDetails({ order }: { order: ShopOrder }): ReactNode {
  const steps = orderTimeline(order);
  const reached = steps.filter((s) => s.at !== null).length - 1;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((l) => (
              <Table.Tr key={l.productId}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.unitPrice, order.currency)}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.unitPrice * l.quantity, order.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Totals {...order} />
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap={4}>
          <Text fw={600}>Ships to</Text>
          <AddressBlock lines={addressLines(order.shippingAddress)} empty="No shipping address." />
        </Stack>
        <Stack gap={4} miw={240}>
          <Text fw={600}>Progress</Text>
          <Timeline active={reached} bulletSize={18} lineWidth={2} aria-label="Order progress">
            {steps.map((s) => (
              <Timeline.Item key={s.status} title={s.label}>
                <Text size="sm" c={s.at ? undefined : 'dimmed'}>
                  {s.at ? dateTimeText(s.at) : 'Not yet'}
                </Text>
                {s.detail && (
                  <Text size="sm" data-testid="tracking">
                    {s.detail}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      </Group>
    </Stack>
  );
}
