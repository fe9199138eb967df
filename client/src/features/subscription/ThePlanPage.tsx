import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Table,
  Text,
  VisuallyHidden,
  type ScrollAreaProps,
} from '@mantine/core';
import { formatMoney, planTierOf, type PlanInterval, type TeamPlanView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../ui/Page.js';
import type { Loaded } from './hooks.js';
import { useTeamPlans } from './hooks.js';
import { NewPlanForm } from './NewPlanForm.js';
import { PricingTable } from './PricingTable.js';
import { planProducts, priceCell, teamPlanErrorText, tierLabel } from './teamPlans.js';

/** Where the team's plan screens live (spec 000 §2 internal team app). */
export const TEAM_PRODUCTS = '/vigil-team/products';

/**
 * A table's scroll box that the keyboard can reach (axe scrollable-region-focusable): on a phone
 * the tables scroll sideways inside it, never the page.
 */
export const scrollable = (label: string): { scrollAreaProps: ScrollAreaProps } => ({
  scrollAreaProps: {
    viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` },
  },
});

/** The loading and error states every team plan screen shows. */
export function TeamPlansStatus({ plans, what }: { plans: Loaded<TeamPlanView[]>; what: string }): ReactNode {
  if (plans.error)
    return (
      <Alert color="red" title={`The ${what} could not be loaded`}>
        <Text size="sm">{teamPlanErrorText(plans.error)}</Text>
        <Button variant="light" mt="xs" onClick={plans.reload}>
          Try again
        </Button>
      </Alert>
    );
  if (!plans.data) return <Loader aria-label={`Loading the ${what}`} />;
  return null;
}

/** /vigil-team/the-plan: the pricing table as offices see it, and the plans with an Edit action. */
export function ThePlanPage(): ReactNode {
  const plans = useTeamPlans();
  const [interval, setInterval] = useState<PlanInterval>('month');
  const active = (plans.data ?? []).filter((p) => p.active);
  const products = planProducts(active);
  return (
    <Page title="The Plan">
      <TeamPlansStatus plans={plans} what="plans" />
      {plans.data && active.length === 0 && (
        <Alert color="gray" title="No plan is offered">
          Offices cannot subscribe until a plan is added on the{' '}
          <Anchor component={Link} to={TEAM_PRODUCTS}>
            Products
          </Anchor>{' '}
          page.
        </Alert>
      )}
      {active.length > 0 && (
        <>
          <PricingTable plans={active} interval={interval} onIntervalChange={setInterval} />
          <Table.ScrollContainer minWidth={520} {...scrollable('Plans offered')}>
            <Table striped aria-label="Plans offered">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Monthly per provider</Table.Th>
                  <Table.Th>Yearly per provider</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {products.map((p) => (
                  <Table.Tr key={p.productId}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{priceCell(p.monthly)}</Table.Td>
                    <Table.Td>{priceCell(p.yearly)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`${TEAM_PRODUCTS}/${encodeURIComponent(p.productId)}`}>
                        Edit<VisuallyHidden> {p.name}</VisuallyHidden>
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Page>
  );
}

function PlanRow({ plan }: { plan: TeamPlanView }): ReactNode {
  const tier = planTierOf(plan.lookupKey);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`${TEAM_PRODUCTS}/${encodeURIComponent(plan.productId)}`}>
          {plan.productName}
        </Anchor>
      </Table.Td>
      <Table.Td>{tierLabel(tier)}</Table.Td>
      <Table.Td>{plan.interval === 'year' ? 'Yearly' : 'Monthly'}</Table.Td>
      <Table.Td>{formatMoney(plan.amount)}</Table.Td>
      <Table.Td>
        <code>{plan.lookupKey}</code>
      </Table.Td>
      <Table.Td>
        {plan.active ? (
          <Badge color="green" variant="light">
            Offered
          </Badge>
        ) : (
          <Badge color="gray" variant="outline">
            Archived
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /vigil-team/products: every plan price, offered and archived, and a new plan. */
export function PlanProductsPage(): ReactNode {
  const plans = useTeamPlans();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const rows = planProducts(plans.data ?? []).flatMap((p) => [p.monthly, p.yearly, ...p.archived]);
  return (
    <Page title="Products">
      <Group>
        <Button mih={44} onClick={() => setAdding(true)}>
          New plan
        </Button>
      </Group>
      <TeamPlansStatus plans={plans} what="plans" />
      {plans.data && rows.length === 0 && (
        <Alert color="gray" title="No plans yet">
          Add the first plan with New plan.
        </Alert>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640} {...scrollable('Plan prices')}>
          <Table striped aria-label="Plan prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Interval</Table.Th>
                <Table.Th>Price per provider</Table.Th>
                <Table.Th>Lookup key</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows.map((p) => p && <PlanRow key={p.id} plan={p} />)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="New plan" size="lg">
        <NewPlanForm
          onCreated={(plan) => {
            setAdding(false);
            void navigate(`${TEAM_PRODUCTS}/${encodeURIComponent(plan.productId)}`);
          }}
        />
      </Modal>
    </Page>
  );
}
