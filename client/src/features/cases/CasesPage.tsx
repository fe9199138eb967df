import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DAY } from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { Segments } from '../../ui/kit/LabelledSegments.js';
import { LightTextInput } from '../../ui/kit/LightTextInput.js';
import { useLiveResourceEvents, useOutbox, useOutboxReplay } from '../../data/db.js';
import { AppointmentItem } from '../../ui/AppointmentItem.js';
import { appointmentView } from '../../ui/appointmentView.js';
import { useAppointmentsBetween, useSignedCases, useViewLookups } from '../../data/calendar.js';
import { casesListGroups, CASES_LIST_DAYS, type CasesListRange } from './casesList.js';

/**
 * /org/{orgId}/cases: the organisation's cases (appointments) from the device's cache, upcoming
 * (today onward) or past, searchable by patient, each linking to its case; New Case.
 */
export function CasesPage(): ReactNode {
  const { orgId = '' } = useParams();
  useOutboxReplay(orgId);
  useLiveResourceEvents(orgId);
  const [range, setRange] = useState<CasesListRange>('upcoming');
  const [search, setSearch] = useState('');
  // Local midnight today, fixed while the page is open.
  const [today] = useState(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), d.getDate());
  });
  const from = useMemo(() => new Date(today.getTime() - CASES_LIST_DAYS * DAY), [today]);
  const to = useMemo(() => new Date(today.getTime() + CASES_LIST_DAYS * DAY), [today]);
  const appointments = useAppointmentsBetween(orgId, from, to);
  const lookups = useViewLookups(orgId);
  const unsent = new Set((useOutbox(orgId) ?? []).filter((e) => e.resourceType === 'Appointment').map((e) => e.id));
  const now = Date.now();
  const signedCases = useSignedCases(orgId, appointments.data);
  const views = (appointments.data ?? []).map((a) => appointmentView(a, { ...lookups, signedCases }, now));
  const groups = casesListGroups(views, { range, search, today });
  const base = `/org/${encodeURIComponent(orgId)}`;

  return (
    <Page title="Cases">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <Segments
            ariaLabel="Which cases"
            value={range}
            onChange={(v) => setRange(v === 'past' ? 'past' : 'upcoming')}
            data={[
              { value: 'upcoming', label: 'Today and upcoming' },
              { value: 'past', label: 'Past' },
            ]}
          />
          <LightTextInput
            label="Search by patient"
            placeholder="Name"
            size="sm"
            width={240}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        <Button component={Link} to={`${base}/new-case`} mih={44}>
          New Case
        </Button>
      </Group>
      {appointments.error === 'NETWORK_ERROR' && (
        <Alert color="gray" role="status">
          Offline: showing the cases saved on this device.
        </Alert>
      )}
      {appointments.error && appointments.error !== 'NETWORK_ERROR' && (
        <Alert color="red" role="alert">
          Could not load cases ({appointments.error}).
        </Alert>
      )}
      {appointments.data === undefined || (views.length === 0 && appointments.refreshing) ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : groups.length === 0 ? (
        <Text c="dimmed" role="status">
          {search.trim()
            ? 'No matches'
            : range === 'upcoming'
              ? 'No cases today or in the next 30 days. Start one with New Case.'
              : 'No cases in the last 30 days.'}
        </Text>
      ) : (
        <Stack gap="md">
          {groups.map((g) => (
            <Card key={g.day} withBorder padding="sm" component="section" aria-label={g.label}>
              <Title order={2} size="h5" mb="xs">
                {g.label}
              </Title>
              <Stack gap="sm">
                {g.items.map((v) => (
                  <AppointmentItem key={v.id} orgId={orgId} view={v} detailed unsent={unsent.has(v.id)} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
