import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { orgDetailsErrorText } from '@vigil/shared';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../auth/errors.js';
import { updateOrgDetails, type Org, type OrgDetails } from './api.js';
import { detailsOf, orgDetailsError } from './orgDetails.js';

export interface OrgDetailsFormProps {
  org: Org;
  onSaved: (org: Org) => void;
}

/**
 * The organisation's details on the settings page (spec 000 §4 org address edit: editing,
 * submitting, saved or error; §5 'Complete all required fields'; §8 error texts).
 */
export function OrgDetailsForm({ org, onSaved }: OrgDetailsFormProps): ReactNode {
  const [values, setValues] = useState<OrgDetails>(() => detailsOf(org));
  const [state, setState] = useState<'editing' | 'submitting' | 'saved'>('editing');
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof OrgDetails): { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void } => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>): void => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setState('editing');
    },
  });
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const invalid = orgDetailsError(values, org.type);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setState('submitting');
    try {
      const trimmed = { ...values };
      for (const key of Object.keys(trimmed) as (keyof OrgDetails)[]) trimmed[key] = trimmed[key].trim();
      onSaved(await updateOrgDetails(org.id, trimmed));
      setState('saved');
    } catch (err) {
      setError(orgDetailsErrorText(errorCode(err)));
      setState('editing');
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="org-details">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="org-details">
            Organization Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Organization Name" required autoComplete="organization" {...field('name')} />
            <TextInput label="Organization Email" type="email" required autoComplete="email" {...field('email')} />
            <TextInput label="Address Line 1" required autoComplete="address-line1" {...field('addressLine1')} />
            <TextInput label="Address Line 2" autoComplete="address-line2" {...field('addressLine2')} />
            <TextInput label="City" required autoComplete="address-level2" {...field('city')} />
            <TextInput label="State" required autoComplete="address-level1" {...field('state')} />
            <TextInput label="Postal Code" required autoComplete="postal-code" {...field('postalCode')} />
            <TextInput label="Country" required autoComplete="country-name" {...field('country')} />
          </SimpleGrid>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {state === 'saved' && (
            <Alert color="green" role="status">
              Saved.
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={state === 'submitting'} mih={44}>
              Save Details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
