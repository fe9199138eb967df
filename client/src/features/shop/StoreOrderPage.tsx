import { Anchor, Button, Card, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { CARRIERS, formatMoney, SHOP_TEXTS, validTrackingNumber, type OrderStatus } from '@vigil/shared';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { useServer } from './hooks.js';
import { OrderDetails, ShopLoadStatus, ShopRefusal, StatusBadge } from './ShopParts.js';
import { STORE, StoreLinks } from './StorePages.js';
import { dateTimeText, MOVE_LABELS, nextMoves } from './texts.js';

/**
 * `/vigil-team/store/orders/{orderId}` (spec 000 §2): one order and the team's moves: fulfil, ship
 * with a carrier and tracking number, refund after a confirmation. A refused move shows the server's text;
 * a move from a status the order has left (another team member moved it) says so and shows it as it is now.
 */
export function StoreOrderPage(): ReactNode {
  const { orderId = '' } = useParams();
  const order = useServer(useCallback(() => api.fetchStoreOrder(orderId), [orderId]));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One move at a time: a double click's second click finds this set before `busy` re-renders.
  const moving = useRef(false);
  const move = async (m: Omit<api.OrderMove, 'from'>): Promise<boolean> => {
    const from = order.data?.status;
    if (!from || moving.current) return false;
    moving.current = true;
    setBusy(true);
    setError(null);
    try {
      order.set(await api.moveOrder(orderId, { ...m, from }));
      return true;
    } catch (err) {
      const code = errorCode(err);
      setError(code === 'CONFLICT' ? SHOP_TEXTS.staleMove : code);
      // Someone else moved it: show where it is now, so the next step is chosen from that.
      if (code === 'CONFLICT') await api.fetchStoreOrder(orderId).then(order.set, () => order.reload());
      return false;
    } finally {
      moving.current = false;
      setBusy(false);
    }
  };
  const o = order.data;
  return (
    <Page title={o ? `Store Order ${o.number}` : 'Store Order'}>
      <StoreLinks />
      <ShopLoadStatus loaded={order} failedTitle="The order could not be loaded" />
      {o && (
        <Stack gap="md">
          <Group gap="sm">
            <StatusBadge status={o.status} />
            <Text>
              {o.orgName} · placed {dateTimeText(o.createdAt)}
              {o.placedByTeam ? ' by the Vigil team' : ''}
            </Text>
            <Anchor component={Link} to={`/vigil-team/orgs/${encodeURIComponent(o.orgId)}`}>
              Organization
            </Anchor>
          </Group>
          <Moves order={o} busy={busy} onMove={move} />
          <ShopRefusal code={error} orgId="" />
          <OrderDetails order={o} />
          <Anchor component={Link} to={`${STORE}/orders`}>
            All orders
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}

interface MovesProps {
  order: api.ShopOrder;
  busy: boolean;
  onMove: (m: Omit<api.OrderMove, 'from'>) => Promise<boolean>;
}

function Moves({ order, busy, onMove }: MovesProps): ReactNode {
  const moves = nextMoves(order.status);
  const [confirmRefund, setConfirmRefund] = useState(false);
  if (moves.length === 0) return <Text c="dimmed">A refunded order is final.</Text>;
  return (
    <Card withBorder padding="md" component="section" aria-label="Next step">
      <Stack gap="sm">
        {moves.includes('shipped') && <ShipForm busy={busy} onShip={onMove} />}
        <Group gap="sm">
          {moves
            .filter((to): to is Exclude<OrderStatus, 'shipped' | 'refunded'> => to !== 'shipped' && to !== 'refunded')
            .map((to) => (
              <Button key={to} mih={44} loading={busy} onClick={() => void onMove({ to })}>
                {MOVE_LABELS[to]}
              </Button>
            ))}
          {moves.includes('refunded') && (
            <Button mih={44} color="red.9" variant="outline" disabled={busy} onClick={() => setConfirmRefund(true)}>
              Refund
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={confirmRefund} onClose={() => setConfirmRefund(false)} title={`Refund order ${order.number}?`}>
        <Stack gap="md">
          <Text>
            {formatMoney(order.total, order.currency)} goes back to {order.orgName}’s card.
            {order.status === 'shipped'
              ? ' The order was shipped: this is a return, and the stock is not given back.'
              : ' Its products go back into stock.'}{' '}
            This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setConfirmRefund(false)}>
              Cancel
            </Button>
            <Button
              color="red.9"
              mih={44}
              loading={busy}
              onClick={() => void onMove({ to: 'refunded' }).then(() => setConfirmRefund(false))}
            >
              Refund {formatMoney(order.total, order.currency)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function ShipForm({
  busy,
  onShip,
}: {
  busy: boolean;
  onShip: (m: Omit<api.OrderMove, 'from'>) => Promise<boolean>;
}): ReactNode {
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [tracking, setTracking] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!validTrackingNumber(tracking)) {
      setProblem('A tracking number is 4 to 40 letters, digits or dashes.');
      return;
    }
    setProblem(null);
    void onShip({ to: 'shipped', carrier, trackingNumber: tracking.trim() });
  };
  return (
    <form onSubmit={submit} aria-label="Ship">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          label="Carrier"
          value={carrier}
          onChange={(e) => setCarrier(e.currentTarget.value)}
          data={[...CARRIERS]}
          w={160}
        />
        <TextInput
          label="Tracking number"
          value={tracking}
          onChange={(e) => setTracking(e.currentTarget.value)}
          error={problem}
          w={260}
        />
        <Button type="submit" mih={44} mt={24} loading={busy}>
          Ship
        </Button>
      </Group>
    </form>
  );
}
