import { Alert, Badge, Button, Card, Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { refusalText, RESOURCE_TYPES, TEAM_FHIR_PAGE } from '@vigil/shared';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useAllOrgs } from '../orgs/index.js';
import * as api from './oversightApi.js';
import { useSudoCall } from './useSudoCall.js';

const fhirPath = (orgId: string): string => `/vigil-team/fhir/${encodeURIComponent(orgId)}`;

/** The organisation picker of the browser: choosing one opens `fhir/{orgId}`. */
function OrgPicker({ orgId }: { orgId: string | null }): ReactNode {
  const orgs = useAllOrgs();
  const navigate = useNavigate();
  const options = (orgs.data ?? []).filter((o) => o.type !== 'parent').map((o) => ({ value: o.id, label: o.name }));
  return (
    <Select
      label="Organization"
      placeholder="Choose an organization"
      data={options}
      value={orgId}
      onChange={(v) => v && void navigate(fhirPath(v))}
      searchable
      w={280}
      error={orgs.error ? refusalText(orgs.error) : undefined}
    />
  );
}

/** A resource's JSON and its versions (read after sudo; audited). */
function ResourceView({ answer }: { answer: api.FhirResourceAnswer }): ReactNode {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Resource
      </Title>
      <Code block aria-label="Resource JSON" tabIndex={0}>
        {answer.resource}
      </Code>
      <Title order={2} size="h4">
        History
      </Title>
      <Table withTableBorder striped aria-label="Resource history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Last updated</Table.Th>
            <Table.Th scope="col">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(answer.history.entry ?? []).map((e, i) => (
            <Table.Tr key={i}>
              <Table.Td>{e.resource?.meta?.versionId ?? ''}</Table.Td>
              <Table.Td>{e.resource?.meta?.lastUpdated ?? e.response?.lastModified ?? ''}</Table.Td>
              <Table.Td>{e.resource ? (e.response?.status ?? '') : 'deleted'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * `/vigil-team/fhir` and `/vigil-team/fhir/{orgId}` (issue 41; spec 000 §2): a read-only FHIR
 * browser over the API: an organisation, a resource type and a search text, a page at a time
 * (TF1); a resource's JSON and history. Every read needs a fresh sudo confirmation and is
 * recorded on the organisation's audit trail as the team member's.
 */
export function TeamFhirPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [resourceType, setResourceType] = useState<string>('Patient');
  const [query, setQuery] = useState('');
  const search = useSudoCall(api.teamFhirSearch);
  const open = useSudoCall(
    useCallback((a: { orgId: string; resourceType: string; id: string }) => api.teamFhirResource(a), []),
  );
  const [asked, setAsked] = useState<api.FhirSearchArgs | null>(null);
  const run = (args: api.FhirSearchArgs): void => {
    setAsked(args);
    void search.run(args);
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    run({ orgId, resourceType, query, offset: 0 });
  };
  const bundle = asked?.orgId === orgId ? search.data : null;
  const total = bundle?.total ?? 0;
  const error = search.error ?? open.error;
  return (
    <Page title="FHIR">
      <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="FHIR search">
        <Stack gap="xs">
          <Group align="flex-end" wrap="wrap">
            <OrgPicker orgId={orgId || null} />
            {orgId && (
              <>
                <Select
                  label="Resource type"
                  data={[...RESOURCE_TYPES]}
                  value={resourceType}
                  onChange={(v) => v && setResourceType(v)}
                  allowDeselect={false}
                  w={220}
                />
                <TextInput
                  label="Search parameters"
                  placeholder="name=Lopez"
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  w={280}
                />
                <Button type="submit" loading={search.busy}>
                  Search
                </Button>
              </>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Read-only. Reading an organization&apos;s records needs you to confirm your identity, and every read is
            recorded on that organization&apos;s audit trail.
          </Text>
        </Stack>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
      {bundle && asked && (
        <Stack gap="xs">
          <Text size="sm" data-testid="fhir-total">
            {total} {asked.resourceType} resources
            {total > 0 && `, ${asked.offset + 1} to ${Math.min(asked.offset + TEAM_FHIR_PAGE, total)} shown`}.
          </Text>
          <Table withTableBorder striped aria-label="Search results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Resource</Table.Th>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Last updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(bundle.entry ?? []).map((e) => {
                const r = e.resource;
                if (!r?.id) return null;
                const id = r.id;
                return (
                  <Table.Tr key={`${r.resourceType}/${id}`}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => void open.run({ orgId, resourceType: r.resourceType, id })}
                        aria-label={`View ${r.resourceType}/${id}`}
                      >
                        {r.resourceType}/{id}
                      </Button>
                    </Table.Td>
                    <Table.Td>{r.meta?.versionId ?? ''}</Table.Td>
                    <Table.Td>{r.meta?.lastUpdated ?? ''}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group>
            <Button
              variant="default"
              disabled={asked.offset === 0}
              onClick={() => run({ ...asked, offset: Math.max(0, asked.offset - TEAM_FHIR_PAGE) })}
            >
              Previous
            </Button>
            <Button
              variant="default"
              disabled={asked.offset + TEAM_FHIR_PAGE >= total}
              onClick={() => run({ ...asked, offset: asked.offset + TEAM_FHIR_PAGE })}
            >
              Next
            </Button>
          </Group>
        </Stack>
      )}
      {open.data && (
        <Stack gap="xs">
          <Badge variant="light">Read-only</Badge>
          <ResourceView answer={open.data} />
        </Stack>
      )}
    </Page>
  );
}
