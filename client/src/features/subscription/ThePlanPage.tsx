import { Alert, Loader, Table } from '@mantine/core';
import { formatMoney, PLAN_TIER_LABELS, planTierOf, type PlanInterval } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { usePlans } from './hooks.js';
import { PricingTable } from './PricingTable.js';
import { billingErrorText } from './texts.js';

/** /vigil-team/the-plan: the plans offered and their prices, as offices see them (read from availablePlans). */
export function ThePlanPage(): ReactNode {
  const plans = usePlans();
  const [interval, setInterval] = useState<PlanInterval>('month');
  return (
    <Page title="The Plan">
      {plans.error && <Alert color="red">{billingErrorText(plans.error)}</Alert>}
      {!plans.data && !plans.error && <Loader aria-label="Loading the plans" />}
      {plans.data && <PricingTable plans={plans.data} interval={interval} onIntervalChange={setInterval} />}
    </Page>
  );
}

/** /vigil-team/products and products/{productId}: the plans' prices, read only (editing them is not built yet). */
export function PlanProductsPage(): ReactNode {
  const { productId } = useParams();
  const plans = usePlans();
  const shown = (plans.data ?? []).filter((p) => !productId || p.productId === productId || p.id === productId);
  return (
    <Page title={productId ? 'Product' : 'Products'}>
      {plans.error && <Alert color="red">{billingErrorText(plans.error)}</Alert>}
      {!plans.data && !plans.error && <Loader aria-label="Loading the products" />}
      {plans.data && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Plan prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Interval</Table.Th>
                <Table.Th>Price per provider</Table.Th>
                <Table.Th>Lookup key</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((p) => {
                const tier = planTierOf(p.lookupKey);
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.productName}</Table.Td>
                    <Table.Td>{tier ? PLAN_TIER_LABELS[tier] : '—'}</Table.Td>
                    <Table.Td>{p.interval === 'year' ? 'Yearly' : 'Monthly'}</Table.Td>
                    <Table.Td>{formatMoney(p.amount)}</Table.Td>
                    <Table.Td>{p.lookupKey}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
