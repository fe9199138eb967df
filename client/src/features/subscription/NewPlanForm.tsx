import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { parsePlanLookupKey, type TeamPlanView } from '@vigil/shared';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import * as api from './api.js';
import { PlanFeatureSwitches } from './PlanFeatureSwitches.js';
import { EMPTY_NEW_PLAN, lookupKeyHint, planPrice, teamPlanErrorText, type NewPlanValues } from './teamPlans.js';

export interface NewPlanFormProps {
  onCreated: (plan: TeamPlanView) => void;
}

type NewPlanErrors = Partial<Record<'lookupKey' | 'name' | 'price', string>>;

function parseNewPlan(values: NewPlanValues): { errors: NewPlanErrors; cents: number | null } {
  const errors: NewPlanErrors = {};
  if (!parsePlanLookupKey(values.lookupKey.trim())) errors.lookupKey = lookupKeyHint('');
  if (!values.name.trim()) errors.name = 'Enter the plan’s name.';
  const price = planPrice(values.price);
  if ('error' in price) errors.price = price.error;
  return { errors, cents: 'cents' in price ? price.cents : null };
}

/** The new-plan form of /vigil-team/products: its tier and interval come from its lookupKey (PL11). */
export function NewPlanForm({ onCreated }: NewPlanFormProps): ReactNode {
  const [values, setValues] = useState<NewPlanValues>(EMPTY_NEW_PLAN);
  const [errors, setErrors] = useState<NewPlanErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press while the first is being sent does nothing (a double click makes one plan).
  const sending = useRef(false);
  const set = (name: keyof NewPlanValues) => (value: string | boolean) => setValues((s) => ({ ...s, [name]: value }));
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const parsed = parseNewPlan(values);
    setErrors(parsed.errors);
    if (parsed.cents === null || Object.keys(parsed.errors).length > 0 || sending.current) return;
    sending.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      onCreated(
        await api.createTeamPlan({
          lookupKey: values.lookupKey.trim(),
          productName: values.name.trim(),
          nickname: values.description.trim() || null,
          amount: parsed.cents,
          waveforms: values.waveforms,
          advancedFluids: values.advancedFluids,
        }),
      );
    } catch (err) {
      setRefusal(errorCode(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Lookup key"
          required
          value={values.lookupKey}
          description={lookupKeyHint(values.lookupKey)}
          onChange={(e) => set('lookupKey')(e.currentTarget.value)}
          error={errors.lookupKey}
        />
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Description"
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
        />
        <TextInput
          label="Price per provider (dollars)"
          required
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set('price')(e.currentTarget.value)}
          error={errors.price}
        />
        <PlanFeatureSwitches values={values} set={set} />
        {refusal && (
          <Alert color="red" role="alert" title="The plan was not added">
            {teamPlanErrorText(refusal)}
          </Alert>
        )}
        <Group>
          <Button type="submit" mih={44} loading={busy}>
            Add plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
