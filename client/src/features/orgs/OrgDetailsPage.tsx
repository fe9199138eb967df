import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { addressLines } from '../shop/index.js';
import type { Org } from './api.js';
import { useOrg } from './hooks.js';
import { memberErrorText } from './memberRules.js';
import { Field, officeAddress, subscriptionText } from './OrgOverview.js';

const SEDATION_LABELS: Readonly<Record<string, string>> = {
  minimal: 'Minimal sedation',
  moderate: 'Moderate sedation',
  deep: 'Deep sedation',
  ga: 'General anesthesia',
};

/** A card of the details page: its title, what it shows and where to change it. */
function Section({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: { label: string; to: string }[];
  children: ReactNode;
}): ReactNode {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
      <Group mt="md" gap="md">
        {links.map((l) => (
          <Anchor key={l.to} component={Link} to={l.to} py={10} underline="always">
            {l.label}
          </Anchor>
        ))}
      </Group>
    </Card>
  );
}

/** An address as lines, or 'Not set'. */
function Lines({ lines, empty = 'Not set' }: { lines: string[]; empty?: string }): ReactNode {
  if (lines.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Text component="span" style={{ whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Text>
  );
}

function Details({ org }: { org: Org }): ReactNode {
  const { planTier, maxSedationLevel } = org;
  const home = `/org/${encodeURIComponent(org.id)}`;
  const billing = addressLines(org.billingAddress);
  const shipping = org.shippingAddress ? addressLines(org.shippingAddress) : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section
        id="details-office"
        title="Office"
        links={[{ label: 'Change name, email and address', to: `${home}/settings` }]}
      >
        <Field label="Name" value={org.name} />
        <Field label="ID" value={org.id} />
        <Field label="Email" value={org.email ?? 'Not set'} />
        <Field label="Address" value={officeAddress(org) || 'Not set'} />
        {org.parentOrgs.length > 0 && <Field label="Parent orgs" value={org.parentOrgs.join(', ')} />}
      </Section>
      <Section
        id="details-plan"
        title="Plan"
        links={[{ label: 'Subscription and billing', to: `${home}/subscription` }]}
      >
        <Field
          label="Plan"
          value={planTier ? planTier.charAt(0).toUpperCase() + planTier.slice(1) : 'None chosen yet'}
        />
        <Field label="Subscription" value={subscriptionText(org)} />
        {maxSedationLevel && (
          <Field label="Deepest sedation" value={SEDATION_LABELS[maxSedationLevel] ?? maxSedationLevel} />
        )}
      </Section>
      <Section
        id="details-addresses"
        title="Billing and shipping"
        links={[{ label: 'Change addresses', to: `${home}/subscription` }]}
      >
        <Field label="Billing address" value={<Lines lines={billing} />} />
        <Field label="Shipping address" value={shipping === null ? 'Same as billing' : <Lines lines={shipping} />} />
      </Section>
      <Section
        id="details-baa"
        title="Business Associate Agreement"
        links={[{ label: org.hasBAA ? 'View the agreement' : 'Sign the agreement', to: `${home}/baa` }]}
      >
        <Field label="Status" value={org.hasBAA ? 'Signed' : 'Not signed'} />
      </Section>
    </SimpleGrid>
  );
}

/**
 * `/org/{orgId}/details` (spec 000 §2; issue 40): the office's details, addresses, plan and BAA at
 * a glance, each with a link to where it is changed.
 */
export function OrgDetailsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const org = useOrg(orgId);
  return (
    <Page title="Details">
      {org.loading && <Loader aria-label="Loading" />}
      {org.error && (
        <Alert color="red" role="alert">
          {memberErrorText(org.error)}
        </Alert>
      )}
      {org.data && <Details org={org.data} />}
    </Page>
  );
}
