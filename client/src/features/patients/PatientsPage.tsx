import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ageInYears, isTestResource, patientDisplayName, patientFields, type Patient } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useLiveResourceEvents, useOutboxReplay } from '../../data/db.js';
import { usePatientOutbox, usePatients } from '../../data/patients.js';
import { PatientForm } from './PatientForm.js';
import { PatientOutbox } from './PatientOutbox.js';
import { EmrLockdownNotice, useEmrLockdown } from './emrLockdown.js';

/** Marks a test patient (tag HTEST, spec 001 §3; an onboarding organisation's patients, spec 000 §4). */
export function TestPatientBadge({ patient }: { patient: Patient }): ReactNode {
  return isTestResource(patient) ? (
    <Badge color="yellow" variant="light" title="A test patient, not a real person">
      Test Patient
    </Badge>
  ) : null;
}

/** "2015-03-04 (age 11)", or the stored year or year-month. */
export function birthDateText(birthDate: string | null, now: number): string {
  if (!birthDate) return 'No birth date';
  const full = birthDate.length === 4 ? `${birthDate}-01-01` : birthDate.length === 7 ? `${birthDate}-01` : birthDate;
  return `${birthDate} (age ${ageInYears(full, now)})`;
}

function PatientRow({ orgId, patient, unsent }: { orgId: string; patient: Patient; unsent: boolean }): ReactNode {
  const f = patientFields(patient);
  return (
    <Card
      withBorder
      padding="sm"
      component={Link}
      to={`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patient.id ?? '')}`}
      mih={56}
    >
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>{patientDisplayName(patient)}</Text>
          <Text size="sm" c="dimmed">
            {birthDateText(f.birthDate, Date.now())}
          </Text>
        </div>
        <Group gap={4}>
          {unsent && (
            <Badge color="blue" variant="outline">
              Not sent yet
            </Badge>
          )}
          <TestPatientBadge patient={patient} />
        </Group>
      </Group>
    </Card>
  );
}

/** /org/{orgId}/patients: search by name, the list (from the device's cache when offline), and New Patient. */
export function PatientsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  useOutboxReplay(orgId);
  useLiveResourceEvents(orgId);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const locked = useEmrLockdown(orgId);
  const patients = usePatients(orgId, search);
  const outbox = usePatientOutbox(orgId);
  const offline = patients.error === 'NETWORK_ERROR';
  const list = patients.data;
  const unsent = new Set(outbox.map((e) => e.id));

  return (
    <Page title="Patients">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Search patients"
          placeholder="Name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
          rightSection={patients.refreshing && search ? <Loader size="xs" aria-label="Searching..." /> : null}
        />
        <Button mih={44} onClick={() => setAdding(true)} disabled={locked}>
          New Patient
        </Button>
      </Group>
      <EmrLockdownNotice locked={locked} />
      <PatientOutbox orgId={orgId} entries={outbox} />
      {offline && (
        <Alert color="gray" role="status">
          Offline: showing the patients saved on this device.
        </Alert>
      )}
      {patients.error && !offline && (
        <Alert color="red" role="alert">
          Could not load patients ({patients.error}).
        </Alert>
      )}
      {list === undefined || (list.length === 0 && patients.refreshing) ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{search ? 'Searching...' : 'Loading...'}</Text>
        </Group>
      ) : list.length === 0 ? (
        <Text c="dimmed" role="status">
          {search ? 'No matches' : 'No patients yet. Add the first one with New Patient.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Patients">
          {list.map((p) => (
            <li key={p.id}>
              <PatientRow orgId={orgId} patient={p} unsent={unsent.has(p.id ?? '')} />
            </li>
          ))}
        </Stack>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="New Patient" size="lg">
        <PatientForm
          orgId={orgId}
          onCancel={() => setAdding(false)}
          onSaved={(p, queued) => {
            setAdding(false);
            if (!queued) void navigate(`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(p.id)}`);
          }}
        />
      </Modal>
    </Page>
  );
}
