import { Alert, Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { appointmentActorId, patientDisplayName, type Appointment, type Patient } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { bundleResources, fhirClient } from '../../data/fhir.js';
import { RequestError } from '../../data/graphql.js';
import { useViewLookups } from '../../data/calendar.js';
import { REPORT_REVIEW_FETCH_SIZE } from './FinalizedReportsList.js';
import { appointmentPdfId } from '../../data/appointments.js';

/** Statuses of appointments that never become a signed case. */
const NOT_CHARTED = new Set(['cancelled', 'noshow', 'entered-in-error', 'proposed', 'waitlist']);

/**
 * The end of the device's day of `now`: cases booked up to then are listed, so one charted before
 * its booked time (the patient seen early) waits for its signature like any other (issue 35).
 */
export function unsignedUpTo(now: number): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime() - 1;
}

/**
 * [Unsigned] A case waits for a signature when it is booked for today or earlier, is not
 * cancelled and has no signed PDF. A case booked for later today is listed even before its
 * booked time: it may have been charted already (docs/decisions.md, issue 35).
 */
export function isUnsigned(appointment: Appointment, now: number): boolean {
  const start = appointment.start ? Date.parse(appointment.start) : NaN;
  return !NOT_CHARTED.has(appointment.status) && start <= unsignedUpTo(now) && appointmentPdfId(appointment) === null;
}

/**
 * The patient an unsigned case is for, by name (issue 25: the list named no patients): from the
 * organisation's patients on this device; 'No patient' when the case names none, 'Unknown
 * patient' when the patient is not (yet) on this device.
 */
export function unsignedCasePatient(appointment: Appointment, patients: ReadonlyMap<string, Patient>): string {
  const id = appointmentActorId(appointment, 'Patient');
  if (!id) return 'No patient';
  const patient = patients.get(id);
  return (patient && patientDisplayName(patient)) || 'Unknown patient';
}

/**
 * `/org/{orgId}/admin-reports/unsigned`: cases that started without a signed report, newest
 * first; appointments are read 20 at a time (spec 000 §9 report review fetch size).
 */
export function UnsignedReportsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [rows, setRows] = useState<Appointment[] | null>(null);
  const [offset, setOffset] = useState(0);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const { patients } = useViewLookups(orgId);

  const load = useCallback(
    (from: number): void => {
      const now = Date.now();
      setLoading(true);
      fhirClient(orgId)
        .search('Appointment', {
          date: `le${new Date(unsignedUpTo(now)).toISOString()}`,
          _sort: '-date',
          _count: REPORT_REVIEW_FETCH_SIZE,
          _offset: from,
        })
        .then(
          (bundle) => {
            const page = bundleResources(bundle);
            setRows((prev) => [...(from === 0 ? [] : (prev ?? [])), ...page.filter((a) => isUnsigned(a, now))]);
            setOffset(from + page.length);
            setMore(from + page.length < (bundle.total ?? 0));
            setLoading(false);
          },
          (err: unknown) => {
            setError(err instanceof RequestError ? err.code : 'REQUEST_ERROR');
            setLoading(false);
          },
        );
    },
    [orgId],
  );
  useEffect(() => load(0), [load]);

  return (
    <Page title="Unsigned Reports">
      <Stack gap="sm">
        <Text size="sm">Cases of today and earlier that have no signed report yet, newest first.</Text>
        {error && (
          <Alert color="red" role="alert" title="Could not load cases">
            {error === 'NETWORK_ERROR' ? 'The server cannot be reached.' : 'Try again later.'}
          </Alert>
        )}
        {rows === null && !error && <Loader aria-label="Loading cases" />}
        {rows !== null && rows.length === 0 && !more && <Text c="dimmed">Every case is signed.</Text>}
        {rows !== null && rows.length > 0 && (
          <Table striped aria-label="Unsigned cases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Start</Table.Th>
                <Table.Th>Patient</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.start ? new Date(a.start).toLocaleString() : ''}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/org/${orgId}/cases/${a.id}`}>
                      {unsignedCasePatient(a, patients)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{a.description}</Table.Td>
                  <Table.Td>{a.status}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {more && (
          <Button variant="default" mih={44} loading={loading} onClick={() => load(offset)}>
            Load more
          </Button>
        )}
      </Stack>
    </Page>
  );
}
