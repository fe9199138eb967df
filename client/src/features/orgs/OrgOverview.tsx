import { Alert, Anchor, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Org } from './api.js';
import { useOrg, useOrgMembers } from './hooks.js';
import { memberErrorText } from './memberRules.js';
import { orgHref } from '../../session/sessionOrgs.js';
import { RoleBadges } from './RoleBadges.js';

/** The organisation's own address on one line ('' when none is set). */
export function officeAddress(o: Org): string {
  return [o.addressLine1, o.addressLine2, o.city, o.state, o.postalCode, o.country]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
}

/** A subscription in words (spec 000 §3 subscriptionStatus, §4 ok rule). */
export function subscriptionText(org: Org): string {
  if (org.isOnboarding) return 'Onboarding';
  const { status, trialEnd, ok } = org.subscriptionStatus;
  if (status === 'trialing' && trialEnd !== null) {
    const end = new Date(trialEnd).toLocaleDateString(undefined, { dateStyle: 'medium' });
    return ok ? `Trial until ${end}` : `Trial ended ${end}`;
  }
  return ok ? status : `${status} (not ok)`;
}

const TYPE_LABELS: Readonly<Record<string, string>> = {
  regular: 'Office',
  parent: 'Admin org',
  vigil: 'Internal',
  reseller: 'Reseller',
};

export interface OrgTableProps {
  orgs: readonly Org[];
  /** Where an organisation's detail page is in this app. */
  detailHref: (org: Org) => string;
  /** What to say when there are none. */
  empty: string;
  /** Offer a filter by name or ID (long lists). */
  filterable?: boolean;
}

/** Organisations as a table: name (to the detail page), ID, type, subscription, BAA. */
export function OrgTable({ orgs, detailHref, empty, filterable = false }: OrgTableProps): ReactNode {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? orgs.filter((o) => o.name.toLowerCase().includes(needle) || o.id.includes(needle)) : orgs;
  return (
    <Stack gap="sm">
      {filterable && (
        <TextInput
          label="Find an organization"
          placeholder="Name or ID"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          styles={{ input: { minHeight: 44 } }}
          maw={420}
        />
      )}
      {shown.length === 0 ? (
        <Text c="dimmed">{orgs.length === 0 ? empty : 'No organization matches.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>ID</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Subscription</Table.Th>
                <Table.Th>BAA</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={detailHref(o)} display="inline-block" py={10}>
                      {o.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{o.id}</Table.Td>
                  <Table.Td>{TYPE_LABELS[o.type] ?? o.type}</Table.Td>
                  <Table.Td>{subscriptionText(o)}</Table.Td>
                  <Table.Td>{o.type === 'regular' ? (o.hasBAA ? 'Signed' : 'Not signed') : '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** One labelled value of an organisation's details. */
export function Field({ label, value }: { label: string; value: ReactNode }): ReactNode {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={600} miw={140}>
        {label}
      </Text>
      <Text>{value}</Text>
    </Group>
  );
}

export interface OrgOverviewProps {
  orgId: string;
  /** Further links for this app (e.g. the team app's feature flags). */
  extraLinks?: { label: string; href: string }[];
}

/**
 * One organisation for the parent and internal team apps: its details, links into it, and its
 * members (read through `orgMembers`, which needs the right to administer it, spec 000 §6).
 */
export function OrgOverview({ orgId, extraLinks = [] }: OrgOverviewProps): ReactNode {
  const org = useOrg(orgId);
  const members = useOrgMembers(orgId, org.data !== null);
  if (org.loading) return <Loader aria-label="Loading" />;
  if (!org.data) return <Alert color="red">{memberErrorText(org.error ?? 'UNKNOWN')}</Alert>;
  const o = org.data;
  const address = officeAddress(o);
  const home = orgHref(o.type, o.id);
  const links = [
    { label: o.type === 'regular' ? 'Open in Case Manager' : 'Open', href: home },
    ...(o.type === 'regular'
      ? [
          { label: 'Members', href: `${home}/members` },
          { label: 'Settings', href: `${home}/settings` },
          { label: 'Business Associate Agreement', href: `${home}/baa` },
        ]
      : []),
    ...extraLinks,
  ];
  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component="section" aria-labelledby="org-details">
        <Title order={2} size="h4" id="org-details" mb="sm">
          {o.name}
        </Title>
        <Stack gap={6}>
          <Field label="ID" value={o.id} />
          <Field label="Type" value={TYPE_LABELS[o.type] ?? o.type} />
          <Field label="Email" value={o.email ?? 'Not set'} />
          <Field label="Address" value={address || 'Not set'} />
          <Field label="Subscription" value={subscriptionText(o)} />
          {o.type === 'regular' && <Field label="BAA" value={o.hasBAA ? 'Signed' : 'Not signed'} />}
          {o.parentOrgs.length > 0 && <Field label="Parent orgs" value={o.parentOrgs.join(', ')} />}
        </Stack>
        <Group mt="md" gap="sm">
          {links.map((l) => (
            <Anchor key={l.href} component={Link} to={l.href} py={10}>
              {l.label}
            </Anchor>
          ))}
        </Group>
      </Card>
      <section aria-labelledby="org-members">
        <Title order={2} size="h4" id="org-members" mb="sm">
          Members
        </Title>
        {members.loading && <Loader aria-label="Loading" />}
        {members.error && <Alert color="red">{memberErrorText(members.error)}</Alert>}
        {members.data && members.data.length === 0 && <Text c="dimmed">No members.</Text>}
        {members.data && members.data.length > 0 && (
          <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
            {members.data.map((m) => (
              <Card key={m.id} withBorder padding="sm" component="li" aria-label={m.name}>
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text fw={600}>{m.name}</Text>
                    <Text size="sm" c="dimmed">
                      {m.email}
                    </Text>
                  </div>
                  <RoleBadges roles={m.roles} />
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
