import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  allergyName,
  allergyRemoved,
  deskAllergy,
  deskMedication,
  deskNoKnownAllergies,
  deskNoMedications,
  explicitAnswerConflicts,
  isCurrentAllergy,
  isCurrentMedication,
  isNoKnownAllergy,
  isNoMedications,
  medicationName,
  medicationRemoved,
  recordSource,
  RECORD_SOURCE_LABELS,
  refusalText,
  type AllergyIntolerance,
  type DeskAllergyInput,
  type MedicationStatement,
} from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { saveResource } from '../../data/db.js';
import { FhirRequestError } from '../../data/fhir.js';
import { errorCode } from '../../data/graphql.js';
import { useCachedResources } from '../../data/useResources.js';

export interface PatientAllergiesMedicationsProps {
  orgId: string;
  patientId: string;
}

const dateText = (iso: string | undefined): string =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

function saveErrorText(err: unknown): string {
  if (err instanceof FhirRequestError && err.messages.length > 0) return err.messages.join('. ');
  return refusalText(err instanceof FhirRequestError ? err.code : errorCode(err));
}

/** Saves each record in order (retired ones first); the first refusal is thrown. */
async function saveAll(orgId: string, records: readonly (AllergyIntolerance | MedicationStatement)[]): Promise<void> {
  for (const r of records) await saveResource(orgId, r);
}

interface RowsProps<T> {
  list: readonly T[];
  busy: boolean;
  onRemove: (record: T) => void;
}

/** The patient's current allergies with their source and date (PR1, PR2). */
function AllergiesTable({ list, busy, onRemove }: RowsProps<AllergyIntolerance>): ReactNode {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" aria-label="Allergies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Allergy</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" size="sm">
                  No allergies recorded.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.map((a) => (
              <Table.Tr key={a.id} data-testid="patient-allergy">
                <Table.Td>
                  {isNoKnownAllergy(a) ? (
                    <Badge variant="light" color="green">
                      NKDA
                    </Badge>
                  ) : (
                    <Text fw={600} c={a.criticality === 'high' ? 'red.8' : undefined}>
                      {allergyName(a)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.note?.map((n) => n.text).join(' ') ?? ''}</Table.Td>
                <Table.Td>{RECORD_SOURCE_LABELS[recordSource(a)]}</Table.Td>
                <Table.Td>{dateText(a.recordedDate)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-md"
                    mih={44}
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={`Remove ${isNoKnownAllergy(a) ? 'NKDA' : allergyName(a)}`}
                    onClick={() => onRemove(a)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The patient's current medications with their source and date (PR1). */
function MedicationsTable({ list, busy, onRemove }: RowsProps<MedicationStatement>): ReactNode {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" aria-label="Medications">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Medication</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm">
                  No medications recorded.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.map((m) => (
              <Table.Tr key={m.id} data-testid="patient-medication">
                <Table.Td>
                  {isNoMedications(m) ? (
                    <Badge variant="light" color="green">
                      No medications
                    </Badge>
                  ) : (
                    medicationName(m)
                  )}
                </Table.Td>
                <Table.Td>{RECORD_SOURCE_LABELS[recordSource(m)]}</Table.Td>
                <Table.Td>{dateText(m.dateAsserted ?? m.effectiveDateTime)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-md"
                    mih={44}
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={`Remove ${medicationName(m)}`}
                    onClick={() => onRemove(m)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The patient's allergies and medications on the patient page (issue 40; spec 001 §3): each
 * current AllergyIntolerance and MedicationStatement with where it came from (health history,
 * desk, patient) and its date; the desk adds one, records NKDA or "No medications" as explicit
 * answers (PR3), or removes one (kept, entered in error: PR4). Every write goes through the FHIR
 * API (the server's one write path); offline it waits in the outbox like the patient's details.
 */
export function PatientAllergiesMedications({ orgId, patientId }: PatientAllergiesMedicationsProps): ReactNode {
  const ref = `Patient/${patientId}`;
  const allergies = useCachedResources(orgId, 'AllergyIntolerance', { patient: ref });
  const medications = useCachedResources(orgId, 'MedicationStatement', { subject: ref });
  const mineA = (allergies.data ?? []).filter((a) => a.patient.reference === ref);
  const mineM = (medications.data ?? []).filter((m) => m.subject.reference === ref);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [allergy, setAllergy] = useState<DeskAllergyInput>({ substance: '' });
  const [medication, setMedication] = useState('');

  const run = async (records: () => (AllergyIntolerance | MedicationStatement)[] | string): Promise<boolean> => {
    setError(null);
    const next = records();
    if (typeof next === 'string') {
      setError(next);
      return false;
    }
    setBusy(true);
    try {
      await saveAll(orgId, next);
      return true;
    } catch (err) {
      setError(saveErrorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = <T extends AllergyIntolerance | MedicationStatement>(
    list: readonly T[],
    kind: 'item' | 'none',
    made: T,
    retire: (r: T) => T,
  ): (() => T[] | string) => {
    return () => {
      const verdict = explicitAnswerConflicts(list, kind);
      return 'refused' in verdict ? verdict.refused : [...verdict.retire.map(retire), made];
    };
  };
  const addAllergy = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!allergy.substance.trim()) return setError('Name the allergy.');
    const made = deskAllergy(allergy, patientId, new Date());
    if (await run(add(mineA, 'item', made, allergyRemoved))) setAllergy({ substance: '' });
  };
  const addMedication = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!medication.trim()) return setError('Name the medication.');
    const made = deskMedication(medication, patientId, new Date());
    if (await run(add(mineM, 'item', made, medicationRemoved))) setMedication('');
  };
  const currentA = mineA.filter(isCurrentAllergy);
  const currentM = mineM.filter(isCurrentMedication);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="allergies-medications-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="allergies-medications-heading">
          Allergies and medications
        </Title>
        <AllergiesTable list={currentA} busy={busy} onRemove={(a) => void run(() => [allergyRemoved(a)])} />
        <form onSubmit={(e) => void addAllergy(e)} aria-label="Add an allergy" noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Allergy"
              value={allergy.substance}
              onChange={(e) => setAllergy({ ...allergy, substance: e.currentTarget.value })}
              styles={{ input: { minHeight: 44 } }}
            />
            <TextInput
              label="Reaction (optional)"
              value={allergy.reaction ?? ''}
              onChange={(e) => setAllergy({ ...allergy, reaction: e.currentTarget.value })}
              styles={{ input: { minHeight: 44 } }}
            />
            <NativeSelect
              label="Severity"
              value={allergy.severity ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setAllergy({
                  ...allergy,
                  severity: v === 'mild' || v === 'moderate' || v === 'severe' ? v : undefined,
                });
              }}
              data={[
                { value: '', label: 'Not given' },
                { value: 'mild', label: 'Mild' },
                { value: 'moderate', label: 'Moderate' },
                { value: 'severe', label: 'Severe' },
              ]}
              styles={{ input: { minHeight: 44 } }}
            />
            <Button type="submit" mih={44} loading={busy}>
              Add allergy
            </Button>
            <Button
              variant="default"
              mih={44}
              disabled={busy}
              onClick={() => void run(add(mineA, 'none', deskNoKnownAllergies(patientId, new Date()), allergyRemoved))}
            >
              No known drug allergies
            </Button>
          </Group>
        </form>

        <MedicationsTable list={currentM} busy={busy} onRemove={(m) => void run(() => [medicationRemoved(m)])} />
        <form onSubmit={(e) => void addMedication(e)} aria-label="Add a medication" noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Medication"
              value={medication}
              onChange={(e) => setMedication(e.currentTarget.value)}
              styles={{ input: { minHeight: 44 } }}
            />
            <Button type="submit" mih={44} loading={busy}>
              Add medication
            </Button>
            <Button
              variant="default"
              mih={44}
              disabled={busy}
              onClick={() => void run(add(mineM, 'none', deskNoMedications(patientId, new Date()), medicationRemoved))}
            >
              No medications
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
