import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import {
  measurementOf,
  observationBmi,
  patientDisplayName,
  patientFields,
  kgText,
  cmText,
  type Appointment,
} from '@vigil/shared';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useLiveResourceEvents, useOutboxReplay } from '../../data/db.js';
import { statusBadge } from '../../ui/appointmentView.js';
import { appointmentPdfId } from '../../data/appointments.js';
import { PatientComments } from '../comments/index.js';
import { AppointmentForms, type AppointmentFormsProps } from '../forms/index.js';
import { PatientContracts } from '../forms/index.js';
import { usePatient, usePatientAppointments, usePatientMeasurements, usePatientOutbox } from '../../data/patients.js';
import { PatientAllergiesMedications } from './PatientAllergiesMedications.js';
import { PatientForm } from './PatientForm.js';
import { PatientOutbox } from './PatientOutbox.js';
import { PatientPhotoEditor } from './PatientPhotoEditor.js';
import { PatientPhotoGallery } from './PatientPhotoGallery.js';
import { birthDateText, TestPatientBadge } from './PatientsPage.js';
import { EmrLockdownNotice, useEmrLockdown } from './emrLockdown.js';

/** "Mon, Nov 23, 2026, 9:00 AM – 10:00 AM" in the device's time zone. */
export function appointmentTimeText(a: Appointment): string {
  if (!a.start) return 'No time set';
  const start = new Date(a.start);
  const day = start.toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const time = (d: Date): string => d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return a.end ? `${day}, ${time(start)} – ${time(new Date(a.end))}` : `${day}, ${time(start)}`;
}

function Field({ label, value }: { label: string; value: string | null }): ReactNode {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

function Appointments({
  orgId,
  patientId,
  contact,
}: {
  orgId: string;
  patientId: string;
  contact: AppointmentFormsProps['contact'];
}): ReactNode {
  const appointments = usePatientAppointments(orgId, patientId);
  const list = appointments.data;
  const [formsOfId, setFormsOfId] = useState<string | null>(null);
  // The cached appointment, so its tasks follow every change (the calls' answers, live events).
  const formsOf = list?.find((a) => a.id === formsOfId) ?? null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="appointments-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="appointments-heading">
          Appointments
        </Title>
        {list === undefined || (list.length === 0 && appointments.refreshing) ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>Loading...</Text>
          </Group>
        ) : list.length === 0 ? (
          <Text c="dimmed">No appointments.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a) => {
                  // A signed case reads "finalized" (the server's PDF link), as in the calendar and cases list.
                  const badge = statusBadge({ status: a.status, finalized: appointmentPdfId(a) !== null });
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td>{appointmentTimeText(a)}</Table.Td>
                      <Table.Td>{a.description ?? ''}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={badge.colour}>
                          {badge.statusLabel}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={`/org/${encodeURIComponent(orgId)}/cases/${encodeURIComponent(a.id ?? '')}`}
                          >
                            Open case
                          </Anchor>
                          <Button size="compact-md" mih={44} variant="light" onClick={() => setFormsOfId(a.id ?? null)}>
                            Forms
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {appointments.error === 'NETWORK_ERROR' && (
          <Text size="sm" c="dimmed">
            Offline: showing the appointments saved on this device.
          </Text>
        )}
      </Stack>
      <Modal
        opened={formsOf !== null}
        onClose={() => setFormsOfId(null)}
        title={formsOf ? `Forms · ${appointmentTimeText(formsOf)}` : 'Forms'}
        size="xl"
      >
        {formsOf && <AppointmentForms orgId={orgId} appointment={formsOf} contact={contact} />}
      </Modal>
    </Card>
  );
}

export interface PatientPageProps {
  /**
   * The patient's Health History summary (issue 27), plugged in by the org app's routes
   * (health-history's PatientHealthHistory), so the patients feature does not import it.
   */
  HealthHistory?: ComponentType<{ orgId: string; patientId: string }>;
}

/** /org/{orgId}/patients/{patientId}: the patient's details, Edit, and their appointments. */
export function PatientPage({ HealthHistory }: PatientPageProps): ReactNode {
  const { orgId = '', patientId = '' } = useParams();
  useOutboxReplay(orgId);
  useLiveResourceEvents(orgId);
  const patient = usePatient(orgId, patientId);
  const measurements = usePatientMeasurements(orgId, patientId).data ?? null;
  const measured = (kind: 'weight' | 'height'): string | null => {
    const m = measurements ? measurementOf(measurements, kind) : null;
    if (!m) return null;
    const stored = kind === 'weight' ? kgText(m.value) : cmText(m.value);
    return m.raw && m.raw !== stored ? `${m.raw} (${stored})` : stored;
  };
  const bmiValue = measurements ? observationBmi(measurements) : null;
  const outbox = usePatientOutbox(orgId).filter((e) => e.id === patientId);
  const [editing, setEditing] = useState(false);
  const locked = useEmrLockdown(orgId);
  const p = patient.data;

  if (p === undefined || (p === null && patient.refreshing)) {
    return (
      <Page title="Patient">
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      </Page>
    );
  }
  if (p === null) {
    return (
      <Page title="Patient">
        <Alert color={patient.error === 'NETWORK_ERROR' ? 'gray' : 'red'} role="alert">
          {patient.error === 'NETWORK_ERROR'
            ? 'This patient is not saved on this device, and the server cannot be reached.'
            : patient.error === 'NOT_FOUND' || patient.error === 'REQUEST_ERROR_410'
              ? 'Patient not found.'
              : `Could not load the patient (${patient.error ?? 'UNKNOWN'}).`}
        </Alert>
        <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/patients`}>
          Back to patients
        </Anchor>
      </Page>
    );
  }
  const f = patientFields(p);
  return (
    <Page title={patientDisplayName(p) || 'Patient'}>
      <PatientOutbox orgId={orgId} entries={outbox} />
      <EmrLockdownNotice locked={locked} />
      <Card withBorder padding="md" component="section" aria-label="Patient details">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <TestPatientBadge patient={p} />
            <Group gap="xs">
              {locked ? (
                <Button mih={44} variant="default" disabled>
                  New Case
                </Button>
              ) : (
                <Button
                  mih={44}
                  variant="default"
                  component={Link}
                  to={`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patientId)}/new-case`}
                >
                  New Case
                </Button>
              )}
              <Button mih={44} variant="default" onClick={() => setEditing(true)} disabled={locked}>
                Edit
              </Button>
            </Group>
          </Group>
          <Group gap="xl" wrap="wrap" align="flex-start">
            <PatientPhotoEditor orgId={orgId} patient={{ ...p, id: patientId }} />
            <Field label="First Name" value={f.givenName} />
            <Field label="Last Name" value={f.familyName} />
            <Field label="Nickname" value={f.nickname} />
            <Field label="Birth Date" value={birthDateText(f.birthDate, Date.now())} />
            <Field label="Email Address" value={f.email} />
            <Field label="Phone number" value={f.mobile} />
            <Field label="Weight" value={measured('weight')} />
            <Field label="Height" value={measured('height')} />
            <Field label="BMI" value={bmiValue === null ? null : String(bmiValue)} />
          </Group>
        </Stack>
      </Card>
      <PatientPhotoGallery orgId={orgId} patient={p} />
      <PatientAllergiesMedications orgId={orgId} patientId={patientId} />
      {HealthHistory && <HealthHistory orgId={orgId} patientId={patientId} />}
      <Appointments orgId={orgId} patientId={patientId} contact={{ email: f.email, mobile: f.mobile }} />
      <PatientContracts orgId={orgId} patientId={patientId} />
      <PatientComments orgId={orgId} patientId={patientId} />
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit Patient" size="lg">
        <PatientForm orgId={orgId} patient={p} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
      </Modal>
    </Page>
  );
}
