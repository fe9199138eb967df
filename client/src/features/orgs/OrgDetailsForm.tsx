import { Alert, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ORG_FORM_TEXTS, ORG_TYPE_LABELS, orgDetailsErrorText, type OrgType } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../session/errors.js';
import { updateBillingAddresses, updateOrgDetails, type Org } from './api.js';
import {
  detailsOf,
  orgDetailsError,
  postalAddressOf,
  type AddressFields,
  type OrgDetailsValues,
} from './orgDetails.js';

export interface OrgDetailsFormProps {
  org: Org;
  onSaved: (org: Org) => void;
}

function AddressInputs({
  prefix,
  nameLabel,
  value,
  onChange,
  autoSection,
}: {
  prefix: string;
  nameLabel: string;
  value: AddressFields;
  onChange: (name: keyof AddressFields, value: string) => void;
  autoSection: string;
}): ReactNode {
  const field = (name: keyof AddressFields, label: string, required: boolean, autoComplete: string): ReactNode => (
    <TextInput
      label={`${prefix}${label}`}
      required={required}
      autoComplete={`section-${autoSection} ${autoComplete}`}
      value={value[name]}
      onChange={(e) => onChange(name, e.currentTarget.value)}
      styles={{ input: { minHeight: 44 } }}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {field('name', nameLabel, true, 'organization')}
      <div />
      {field('line1', 'Address Line 1', true, 'address-line1')}
      {field('line2', 'Address Line 2', false, 'address-line2')}
      {field('city', 'City', true, 'address-level2')}
      {field('state', 'State', true, 'address-level1')}
      {field('postalCode', 'Postal Code', true, 'postal-code')}
      {field('country', 'Country', true, 'country-name')}
    </SimpleGrid>
  );
}

/**
 * The organisation's details on the settings page (spec 000 §3 billing and shipping address, §4 org
 * address edit: editing, submitting, saved or error; §5 'Complete all required fields'; §7
 * updateOrg and doUpdateOrgBillingAddresses; §8 error texts).
 */
export function OrgDetailsForm({ org, onSaved }: OrgDetailsFormProps): ReactNode {
  const [values, setValues] = useState<OrgDetailsValues>(() => detailsOf(org));
  const [state, setState] = useState<'editing' | 'submitting' | 'saved'>('editing');
  const [error, setError] = useState<string | null>(null);
  const change = (update: (v: OrgDetailsValues) => OrgDetailsValues): void => {
    setValues(update);
    setState('editing');
  };
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
      await updateOrgDetails(org.id, { name: values.name.trim(), email: values.email.trim() });
      onSaved(
        await updateBillingAddresses(
          org.id,
          postalAddressOf(values.billing),
          values.shippingSameAsBilling ? null : postalAddressOf(values.shipping),
        ),
      );
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
            <TextInput
              label={ORG_FORM_TEXTS.name}
              required
              autoComplete="organization"
              value={values.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                change((v) => ({ ...v, name }));
              }}
              styles={{ input: { minHeight: 44 } }}
            />
            <NativeSelect
              label={ORG_FORM_TEXTS.type}
              required
              disabled
              description="Only Vigil support can change an organization's type."
              value={org.type}
              data={[{ value: org.type, label: ORG_TYPE_LABELS[org.type as OrgType] ?? org.type }]}
              styles={{ input: { minHeight: 44 } }}
            />
            <TextInput
              label={ORG_FORM_TEXTS.billingEmail}
              description={ORG_FORM_TEXTS.billingEmailSublabel}
              type="email"
              required
              autoComplete="email"
              value={values.email}
              onChange={(e) => {
                const email = e.currentTarget.value;
                change((v) => ({ ...v, email }));
              }}
              styles={{ input: { minHeight: 44 } }}
            />
          </SimpleGrid>
          <Title order={3} size="h5" mt="sm">
            Billing Address
          </Title>
          <AddressInputs
            prefix=""
            nameLabel="Billing Name"
            autoSection="billing"
            value={values.billing}
            onChange={(name, value) => change((v) => ({ ...v, billing: { ...v.billing, [name]: value } }))}
          />
          <Checkbox
            mt="sm"
            size="md"
            label="Shipping address is the same as billing"
            checked={values.shippingSameAsBilling}
            onChange={(e) => {
              const same = e.currentTarget.checked;
              change((v) => ({ ...v, shippingSameAsBilling: same }));
            }}
          />
          {!values.shippingSameAsBilling && (
            <>
              <Title order={3} size="h5" mt="sm">
                Shipping Address
              </Title>
              <AddressInputs
                prefix="Shipping "
                nameLabel="Name"
                autoSection="shipping"
                value={values.shipping}
                onChange={(name, value) => change((v) => ({ ...v, shipping: { ...v.shipping, [name]: value } }))}
              />
            </>
          )}
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
