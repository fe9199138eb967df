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

/** One of the patient's record lists: its columns (the last two are always Source and Date), empty text, and how a row is named. */
interface RecordsTableProps<T extends { id?: string }> {
  label: string;
  testId: string;
  empty: string;
  columns: { header: string; cell: (record: T) => ReactNode }[];
  sourceDate: (record: T) => { source: ReactNode; date: ReactNode };
  nameOf: (record: T) => string;
  list: readonly T[];
  busy: boolean;
  onRemove: (record: T) => void;
}

/** The patient's current allergies or medications, each with its source and date and a Remove button (PR1, PR2). */
function RecordsTable<T extends { id?: string }>(props: RecordsTableProps<T>): ReactNode {
  const { label, testId, empty, columns, sourceDate, nameOf, list, busy, onRemove } = props;
  const span = columns.length + 3;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>Source</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text c="dimmed" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.map((r) => {
              const { source, date } = sourceDate(r);
              return (
                <Table.Tr key={r.id} data-testid={testId}>
                  {columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(r)}</Table.Td>
                  ))}
                  <Table.Td>{source}</Table.Td>
                  <Table.Td>{date}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-md"
                      mih={44}
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      aria-label={`Remove ${nameOf(r)}`}
                      onClick={() => onRemove(r)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The patient's current allergies (PR1, PR2): NKDA as its own answer, a high-criticality one in red. */
function AllergiesTable(props: Pick<RecordsTableProps<AllergyIntolerance>, 'list' | 'busy' | 'onRemove'>): ReactNode {
  return (
    <RecordsTable
      {...props}
      label="Allergies"
      testId="patient-allergy"
      empty="No allergies recorded."
      nameOf={(a) => (isNoKnownAllergy(a) ? 'NKDA' : allergyName(a))}
      sourceDate={(a) => ({ source: RECORD_SOURCE_LABELS[recordSource(a)], date: dateText(a.recordedDate) })}
      columns={[
        {
          header: 'Allergy',
          cell: (a) =>
            isNoKnownAllergy(a) ? (
              <Badge variant="light" color="green">
                NKDA
              </Badge>
            ) : (
              <Text fw={600} c={a.criticality === 'high' ? 'red.8' : undefined}>
                {allergyName(a)}
              </Text>
            ),
        },
        { header: 'Details', cell: (a) => a.note?.map((n) => n.text).join(' ') ?? '' },
      ]}
    />
  );
}

/** The patient's current medications (PR1): "No medications" as its own answer. */
function MedicationsTable(
  props: Pick<RecordsTableProps<MedicationStatement>, 'list' | 'busy' | 'onRemove'>,
): ReactNode {
  return (
    <RecordsTable
      {...props}
      label="Medications"
      testId="patient-medication"
      empty="No medications recorded."
      nameOf={medicationName}
      sourceDate={(m) => ({
        source: RECORD_SOURCE_LABELS[recordSource(m)],
        date: dateText(m.dateAsserted ?? m.effectiveDateTime),
      })}
      columns={[
        {
          header: 'Medication',
          cell: (m) =>
            isNoMedications(m) ? (
              <Badge variant="light" color="green">
                No medications
              </Badge>
            ) : (
              medicationName(m)
            ),
        },
      ]}
    />
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
