import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatMoney } from '@vigil/shared';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { PlanFeatureSwitches } from './PlanFeatureSwitches.js';
import { useTeamPlans } from './hooks.js';
import { scrollable, TEAM_PRODUCTS, TeamPlansStatus } from './ThePlanPage.js';
import {
  planChanges,
  planFormValues,
  planProducts,
  teamPlanErrorText,
  tierLabel,
  type PlanFormErrors,
  type PlanFormValues,
  type PlanProduct,
} from './teamPlans.js';

/** /vigil-team/products/{productId}: a plan's name, prices per interval and product features, and archiving it. */
export function PlanProductPage(): ReactNode {
  const { productId = '' } = useParams();
  const plans = useTeamPlans();
  const [note, setNote] = useState<string | null>(null);
  const product = planProducts(plans.data ?? []).find((p) => p.productId === productId) ?? null;
  const done = (text: string): void => {
    setNote(text);
    plans.reload();
  };
  return (
    <Page title={product ? `Plan: ${product.name}` : 'Plan'}>
      <Anchor component={Link} to={TEAM_PRODUCTS}>
        All plans
      </Anchor>
      <TeamPlansStatus plans={plans} what="plan" />
      {plans.data && !product && (
        <Alert color="gray" title="No such plan">
          There is no plan with the product id {productId}.
        </Alert>
      )}
      {note && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNote(null)}>
          {note}
        </Alert>
      )}
      {product && (
        <>
          <Text size="sm" c="dimmed">
            {tierLabel(product.tier)} tier · product {product.productId}
          </Text>
          {product.monthly || product.yearly ? (
            <PlanEditForm
              key={`${product.monthly?.id}-${product.yearly?.id}-${product.name}`}
              product={product}
              onSaved={done}
              onEdit={() => setNote(null)}
            />
          ) : (
            <Alert color="gray" title="This plan is archived">
              No price of it is offered. Add a new plan on the Products page to offer it again.
            </Alert>
          )}
          <PriceHistory product={product} />
        </>
      )}
    </Page>
  );
}

interface PlanEditFormProps {
  product: PlanProduct;
  onSaved: (note: string) => void;
  onEdit: () => void;
}

/** Sends each changed price, one after another; one press at a time (a double click saves once). */
function useSavePlan(product: PlanProduct, onSaved: (note: string) => void) {
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const save = async (values: PlanFormValues): Promise<void> => {
    const { errors: found, changes } = planChanges(product, values);
    setErrors(found);
    if (Object.keys(found).length > 0 || sending.current) return;
    if (changes.length === 0) return onSaved('Nothing to save: the plan is as shown.');
    sending.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      for (const change of changes) await api.updateTeamPlan(change.planId, change.input);
      onSaved(
        'Saved. New subscriptions get the new price; offices already subscribed keep theirs until they change plan.',
      );
    } catch (err) {
      setRefusal(errorCode(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return { errors, refusal, busy, save };
}

function PlanEditForm({ product, onSaved, onEdit }: PlanEditFormProps): ReactNode {
  const [values, setValues] = useState<PlanFormValues>(() => planFormValues(product));
  const { errors, refusal, busy, save } = useSavePlan(product, onSaved);
  const set = (name: keyof PlanFormValues) => (value: string | boolean) => {
    onEdit();
    setValues((s) => ({ ...s, [name]: value }));
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void save(values);
  };
  const text = (name: keyof PlanFormValues, label: string, error?: string, decimal = false): ReactNode => (
    <TextInput
      label={label}
      value={values[name] as string}
      inputMode={decimal ? 'decimal' : undefined}
      onChange={(e) => set(name)(e.currentTarget.value)}
      error={error}
      required={decimal}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={720}>
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {product.monthly && (
            <Fieldset legend="Monthly">
              {text('monthlyPrice', 'Monthly price per provider (dollars)', errors.monthlyPrice, true)}
              {text('monthlyDescription', 'Monthly description')}
            </Fieldset>
          )}
          {product.yearly && (
            <Fieldset legend="Yearly">
              {text('yearlyPrice', 'Yearly price per provider (dollars)', errors.yearlyPrice, true)}
              {text('yearlyDescription', 'Yearly description')}
            </Fieldset>
          )}
        </SimpleGrid>
        <PlanFeatureSwitches values={values} set={set} />
        {refusal && (
          <Alert color="red" role="alert" title="The plan was not saved">
            {teamPlanErrorText(refusal)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button type="submit" mih={44} loading={busy}>
            Save
          </Button>
          <ArchivePlan
            product={product}
            onArchived={() => onSaved(`${product.name} is archived: the pricing table no longer offers it.`)}
          />
        </Group>
      </Stack>
    </form>
  );
}

/** Archives the plan's offered prices after a confirmation; offices on them keep them. */
function ArchivePlan({ product, onArchived }: { product: PlanProduct; onArchived: () => void }): ReactNode {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const archive = async (): Promise<void> => {
    setBusy(true);
    setRefusal(null);
    try {
      for (const plan of [product.monthly, product.yearly]) if (plan) await api.archiveTeamPlan(plan.id);
      setOpen(false);
      onArchived();
    } catch (err) {
      setRefusal(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" color="red" mih={44} onClick={() => setOpen(true)}>
        Archive plan
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Archive ${product.name}?`}>
        <Stack gap="sm">
          <Text size="sm">
            No new office can subscribe to it and the pricing table no longer offers it. Offices subscribed to it keep
            it until they change plan.
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {teamPlanErrorText(refusal)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button color="red" mih={44} loading={busy} onClick={() => void archive()}>
              Archive
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The prices this plan had before (archived): offices subscribed to one keep paying it. */
function PriceHistory({ product }: { product: PlanProduct }): ReactNode {
  if (product.archived.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} component="h2" size="lg">
        Earlier prices
      </Text>
      <Table.ScrollContainer minWidth={420} {...scrollable('Earlier prices')}>
        <Table striped aria-label="Earlier prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Interval</Table.Th>
              <Table.Th>Price per provider</Table.Th>
              <Table.Th>Lookup key</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.archived.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.interval === 'year' ? 'Yearly' : 'Monthly'}</Table.Td>
                <Table.Td>{formatMoney(p.amount)}</Table.Td>
                <Table.Td>
                  <code>{p.lookupKey}</code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
