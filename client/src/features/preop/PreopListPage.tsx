import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  appointmentActorId,
  patientFields,
  PREOP_ITEM_LABELS,
  practitionerDisplayName,
  refusalText,
  type Appointment,
  type PreopRowView,
} from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { cachedResource, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { errorCode } from '../../data/graphql.js';
import { usePatient } from '../../data/patients.js';
import { savePreopNpo, usePreopList, type PreopFilters } from '../../data/preop.js';
import { useCachedResources, useRefresh } from '../../data/useResources.js';
import { Page } from '../../ui/Page.js';
import { placeName, placeOptions } from '../../ui/places.js';
import { AppointmentForms } from '../forms/index.js';
import classes from './PreopListPage.module.css';
import { dayRange, formsText, groupRows, hasFormToSend, HISTORY_STATE_TEXT, tomorrow } from './preopView.js';

/** How many days the list can show at once (the server reads at most 31). */
const DAY_CHOICES = ['1', '2', '3', '5', '7', '14'] as const;

const timeText = (iso: string): string =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
const dayTitle = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
};

/** A done / missing cell: green when done, orange when missing, with the words. */
function Item({ done, text }: { done: boolean; text: string }): ReactNode {
  return (
    <Badge variant="light" color={done ? 'green' : 'orange'} className={classes.item}>
      {text}
    </Badge>
  );
}

/** The forms of one visit, sent from the list with the forms flow of the patient page (issue 28). */
function FormsDialog({ orgId, row, onClose }: { orgId: string; row: PreopRowView; onClose: () => void }): ReactNode {
  const appointment = useDexieQuery<Appointment | null>(
    async () => (await cachedResource(orgId, 'Appointment', row.appointmentId)) ?? null,
    `preop-appointment|${orgId}|${row.appointmentId}`,
  );
  useRefresh(`preop-appointment|${orgId}|${row.appointmentId}`, async () => {
    await cacheResources(orgId, [await fhirClient(orgId).read('Appointment', row.appointmentId)]);
  });
  const patient = usePatient(orgId, appointment ? (appointmentActorId(appointment, 'Patient') ?? '') : row.patientId);
  const f = patient.data ? patientFields(patient.data) : null;
  return (
    <Modal opened onClose={onClose} title={`Forms · ${row.patientName}`} size="xl">
      {appointment ? (
        <AppointmentForms
          orgId={orgId}
          appointment={appointment}
          contact={{ email: f?.email ?? null, mobile: f?.mobile ?? null }}
        />
      ) : (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      )}
    </Modal>
  );
}

function NpoCell({ row, onTick }: { row: PreopRowView; onTick: (given: boolean) => Promise<void> }): ReactNode {
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap={2}>
      <Checkbox
        checked={row.npo !== null}
        disabled={busy}
        label="Given"
        aria-label={`NPO instructions given to ${row.patientName}`}
        onChange={(e) => {
          setBusy(true);
          void onTick(e.currentTarget.checked).finally(() => setBusy(false));
        }}
        styles={{ body: { alignItems: 'center', minHeight: 44 } }}
      />
      {row.npo && (
        <Text size="xs" c="dimmed">
          {row.npo.byName}, {new Date(row.npo.at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
        </Text>
      )}
    </Stack>
  );
}

function RowsTable({
  orgId,
  rows,
  places,
  onSend,
  onTick,
}: {
  orgId: string;
  rows: PreopRowView[];
  places: Parameters<typeof placeName>[0];
  onSend: (row: PreopRowView) => void;
  onTick: (row: PreopRowView, given: boolean) => Promise<void>;
}): ReactNode {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Patient</Table.Th>
            <Table.Th>{PREOP_ITEM_LABELS.healthHistory}</Table.Th>
            <Table.Th>{PREOP_ITEM_LABELS.forms}</Table.Th>
            <Table.Th>{PREOP_ITEM_LABELS.weight}</Table.Th>
            <Table.Th>{PREOP_ITEM_LABELS.allergies}</Table.Th>
            <Table.Th>{PREOP_ITEM_LABELS.npo}</Table.Th>
            <Table.Th className={classes.noPrint}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const missing = new Set(row.missing);
            const place = placeName(places, row.locationId);
            return (
              <Table.Tr key={row.appointmentId} data-testid="preop-row" data-complete={row.missing.length === 0}>
                <Table.Td>
                  <Text size="sm">
                    {timeText(row.start)} – {timeText(row.end)}
                  </Text>
                  {place && (
                    <Text size="xs" c="dimmed">
                      {place}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.patientName || 'Unnamed patient'}
                  </Text>
                  {row.missing.length === 0 ? (
                    <Badge color="green" variant="filled" data-testid="preop-ready">
                      Ready
                    </Badge>
                  ) : (
                    <Text size="xs" c="orange.9" data-testid="preop-missing">
                      {row.missing.length} missing
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Item done={!missing.has('healthHistory')} text={HISTORY_STATE_TEXT[row.healthHistory]} />
                </Table.Td>
                <Table.Td>
                  <Item done={!missing.has('forms')} text={formsText(row)} />
                </Table.Td>
                <Table.Td>
                  <Item done={row.weightRecorded} text={row.weightRecorded ? 'Recorded' : 'Missing'} />
                </Table.Td>
                <Table.Td>
                  <Item done={row.allergiesReviewed} text={row.allergiesReviewed ? 'Reviewed' : 'Not reviewed'} />
                </Table.Td>
                <Table.Td>
                  <NpoCell row={row} onTick={(given) => onTick(row, given)} />
                </Table.Td>
                <Table.Td className={classes.noPrint}>
                  <Group gap="xs" wrap="nowrap">
                    {hasFormToSend(row) && (
                      <Button
                        size="compact-md"
                        mih={44}
                        variant="light"
                        onClick={() => onSend(row)}
                        aria-label={`Send forms to ${row.patientName}`}
                      >
                        Send forms
                      </Button>
                    )}
                    <Anchor
                      component={Link}
                      to={`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(row.patientId)}`}
                      aria-label={`Open patient ${row.patientName}`}
                    >
                      Open patient
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /org/{orgId}/preop-list (issue 40): the coming days' sedation visits by day and provider with
 * what each patient still needs (shared PRE1–PRE6, computed by the server): health history,
 * forms and consent, a recent weight, allergies reviewed and the NPO instructions the desk ticks.
 * Filters for the days, provider, place and only what is incomplete; forms are sent from the row
 * with the forms flow of the patient page; the list prints without its controls.
 */
export function PreopListPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [start, setStart] = useState(() => tomorrow(new Date()));
  const [days, setDays] = useState<string>('7');
  const [providerId, setProviderId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [onlyIncomplete, setOnlyIncomplete] = useState(false);
  const [sending, setSending] = useState<PreopRowView | null>(null);
  const [npoError, setNpoError] = useState<string | null>(null);
  const filters: PreopFilters = useMemo(
    () => ({ ...dayRange(start, Number(days)), providerId, locationId, onlyIncomplete }),
    [start, days, providerId, locationId, onlyIncomplete],
  );
  const list = usePreopList(orgId, filters);
  const practitioners = useCachedResources(orgId, 'Practitioner', {}, { complete: true });
  const locations = useCachedResources(orgId, 'Location', {}, { complete: true });
  const providerName = (id: string | null): string => {
    const p = id ? practitioners.data?.find((x) => x.id === id) : undefined;
    return p ? practitionerDisplayName(p) || 'Unnamed provider' : id ? 'Provider' : 'No provider';
  };
  const groups = groupRows(list.rows);
  const tick = async (row: PreopRowView, given: boolean): Promise<void> => {
    setNpoError(null);
    try {
      list.replace(await savePreopNpo(orgId, row.appointmentId, given));
    } catch (err) {
      setNpoError(refusalText(errorCode(err)));
    }
  };

  return (
    <Page title="Pre-Op List">
      <Group align="flex-end" gap="sm" wrap="wrap" className={classes.noPrint}>
        <TextInput
          type="date"
          label="From"
          value={start}
          onChange={(e) => e.currentTarget.value && setStart(e.currentTarget.value)}
          styles={{ input: { minHeight: 44 } }}
        />
        <NativeSelect
          label="Days"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          data={[...DAY_CHOICES]}
          styles={{ input: { minHeight: 44 } }}
        />
        <Select
          label="Provider"
          placeholder="All providers"
          clearable
          value={providerId}
          onChange={setProviderId}
          data={(practitioners.data ?? [])
            .filter((p): p is typeof p & { id: string } => Boolean(p.id))
            .map((p) => ({ value: p.id, label: practitionerDisplayName(p) || p.id }))}
          styles={{ input: { minHeight: 44 } }}
        />
        <Select
          label="Location"
          placeholder="All locations"
          clearable
          value={locationId}
          onChange={setLocationId}
          data={placeOptions(locations.data ?? [])}
          styles={{ input: { minHeight: 44 } }}
        />
        <Checkbox
          label="Only incomplete"
          checked={onlyIncomplete}
          onChange={(e) => setOnlyIncomplete(e.currentTarget.checked)}
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        />
        <Button variant="default" mih={44} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      {npoError && (
        <Alert color="red" role="alert" className={classes.noPrint}>
          {npoError}
        </Alert>
      )}
      {list.error && (
        <Alert color={list.error === 'NETWORK_ERROR' ? 'gray' : 'red'} role="alert">
          {list.error === 'NETWORK_ERROR'
            ? 'The server cannot be reached: the pre-op list needs it.'
            : refusalText(list.error)}
        </Alert>
      )}
      {list.loading && list.rows.length === 0 ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : groups.length === 0 && !list.error ? (
        <Text c="dimmed">{onlyIncomplete ? 'Every patient in these days is ready.' : 'No visits in these days.'}</Text>
      ) : (
        groups.map((g) => (
          <Stack key={g.day} gap="sm" component="section" aria-label={dayTitle(g.day)} className={classes.day}>
            <Title order={2} size="h3">
              {dayTitle(g.day)}
            </Title>
            {g.providers.map((p) => (
              <Stack key={p.providerId ?? 'none'} gap={4}>
                <Title order={3} size="h4">
                  {providerName(p.providerId)}
                </Title>
                <RowsTable
                  orgId={orgId}
                  rows={p.rows}
                  places={locations.data ?? []}
                  onSend={setSending}
                  onTick={tick}
                />
              </Stack>
            ))}
          </Stack>
        ))
      )}
      {list.hasMore && (
        <Button variant="default" mih={44} onClick={list.loadMore} loading={list.loading} className={classes.noPrint}>
          Show more
        </Button>
      )}
      {sending && <FormsDialog orgId={orgId} row={sending} onClose={() => setSending(null)} />}
    </Page>
  );
}
