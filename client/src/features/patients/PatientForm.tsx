import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { refusalText, TRIAL_ENDED_MESSAGE, type Patient } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useOrgUnits } from '../../data/orgSettings.js';
import { SaveRefusal } from '../../ui/SaveRefusal.js';
import { usePatientMeasurements } from '../../data/patients.js';
import {
  measurementHint,
  measurementTexts,
  physicalAttributesObservation,
  type MeasurementUnits,
} from '../../data/measurements.js';
import { saveResource } from '../../data/db.js';
import { catalogueRefusal, FhirRequestError } from '../../data/fhir.js';
import { errorCode } from '../../data/graphql.js';
import {
  birthDateHint,
  EMPTY_PATIENT_FORM,
  formValuesOf,
  patientFormErrors,
  patientFromForm,
  type PatientFormValues,
} from '../../data/patientRules.js';

export interface PatientFormProps {
  orgId: string;
  /** The patient to edit; a new one when absent. */
  patient?: Patient;
  /** Called with the saved patient; `queued` when it waits in the outbox for the network. */
  onSaved: (patient: Patient & { id: string }, queued: boolean) => void;
  onCancel: () => void;
}

/** Why a save was refused, in words a front desk can act on. */
export function saveErrorText(err: unknown): string {
  // A failure that is not the FHIR API's reads its code's text (the catalogue's, else the unknown error).
  if (!(err instanceof FhirRequestError)) return refusalText(errorCode(err));
  if (err.code === 'CONFLICT') {
    return 'Someone else changed this patient since you opened it. Close the form to see their version, then make your change again.';
  }
  if (err.serverCode === 'EDITING_PREVENTED') return 'Your organization does not allow editing patients right now.';
  // Rule SUB2: after the trial, or without an active subscription, only new patients are refused.
  if (err.serverCode === 'TRIAL_ENDED') return TRIAL_ENDED_MESSAGE;
  if (err.serverCode === 'SUBSCRIPTION_NOT_OK')
    return "Adding patients needs an active subscription. Ask your organization's administrator.";
  if (err.code === 'NOT_AUTHORIZED' || err.code === 'NO_AUTHENTICATION')
    return refusalText(err.code, {
      NOT_AUTHORIZED: 'You are not allowed to change patients of this organization.',
      NO_AUTHENTICATION: 'Sign in again to save.',
    });
  // A refusal the catalogue words (FEATURE_DISABLED…) reads its sentence, never the bare code.
  const known = catalogueRefusal(err);
  if (known) return known;
  if (err.messages.length > 0) return err.messages.join('. ');
  return `The patient could not be saved (${err.code}).`;
}

/** The new/edit patient form (spec 001 §2) with the free-text birth date of spec 002 §5. */
export function PatientForm(props: PatientFormProps): ReactNode {
  const units = useOrgUnits(props.orgId);
  const measurements = usePatientMeasurements(props.orgId, props.patient?.id);
  // Wait for the device's copy of the patient's measurements, so the form opens with them, and
  // for the organisation's units, so a weight is never read in the wrong one.
  if (props.patient?.id && measurements.data === undefined) return null;
  if (units === null) return null;
  return (
    <PatientFormFields {...props} units={units} initialMeasurements={measurementTexts(measurements.data ?? null)} />
  );
}

function PatientFormFields({
  orgId,
  patient,
  onSaved,
  onCancel,
  units,
  initialMeasurements,
}: PatientFormProps & { units: MeasurementUnits; initialMeasurements: { weight: string; height: string } }): ReactNode {
  const [values, setValues] = useState<PatientFormValues>(patient ? formValuesOf(patient) : EMPTY_PATIENT_FORM);
  const [measured, setMeasured] = useState(initialMeasurements);
  const weightHint = measurementHint('weight', measured.weight, units);
  const heightHint = measurementHint('height', measured.height, units);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();
  const errors = patientFormErrors(values, now);
  const hint = birthDateHint(values.birthDate, now);
  const set =
    (field: keyof PatientFormValues) =>
    (e: { currentTarget: { value: string } }): void => {
      // Read now: React clears currentTarget before a state updater runs.
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    };
  const shown = (field: keyof PatientFormValues): string | undefined => (submitted ? errors[field] : undefined);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || weightHint.kind === 'failed' || heightHint.kind === 'failed' || saving)
      return;
    setSaving(true);
    setError(null);
    try {
      const result = await saveResource(orgId, patientFromForm(values, Date.now(), patient));
      const changed =
        measured.weight.trim() !== initialMeasurements.weight.trim() ||
        measured.height.trim() !== initialMeasurements.height.trim();
      const observation = changed
        ? physicalAttributesObservation(result.resource.id, measured, units, new Date())
        : null;
      const saved = observation ? await saveResource(orgId, observation) : null;
      onSaved(result.resource, result.queued || (saved?.queued ?? false));
    } catch (err) {
      setError(saveErrorText(err));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={patient ? 'Edit patient' : 'New patient'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First Name"
            required
            value={values.firstName}
            onChange={set('firstName')}
            error={shown('firstName')}
            autoComplete="off"
          />
          <TextInput
            label="Last Name"
            required
            value={values.lastName}
            onChange={set('lastName')}
            error={shown('lastName')}
            autoComplete="off"
          />
        </SimpleGrid>
        <TextInput label="Nickname (optional)" value={values.nickname} onChange={set('nickname')} autoComplete="off" />
        <div>
          <TextInput
            label="Birth Date"
            required
            placeholder="MM/DD/YYYY"
            value={values.birthDate}
            onChange={set('birthDate')}
            error={hint.kind === 'unparseable' ? hint.text : shown('birthDate')}
            autoComplete="off"
            inputMode="numeric"
          />
          {hint.kind === 'interpreted' && (
            <Text size="sm" c="dimmed" mt={4} data-testid="birth-date-hint">
              {hint.text}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Weight (optional)"
            value={measured.weight}
            onChange={(e) => {
              const weight = e.currentTarget.value;
              setMeasured((m) => ({ ...m, weight }));
            }}
            rightSection={<Text size="sm">{units.weight}</Text>}
            error={weightHint.kind === 'failed' ? weightHint.text : undefined}
            description={weightHint.kind === 'parsed' ? `Saved as ${weightHint.text}` : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            inputMode="decimal"
          />
          <TextInput
            label="Height (optional)"
            value={measured.height}
            onChange={(e) => {
              const height = e.currentTarget.value;
              setMeasured((m) => ({ ...m, height }));
            }}
            rightSection={<Text size="sm">{units.height}</Text>}
            error={heightHint.kind === 'failed' ? heightHint.text : undefined}
            description={heightHint.kind === 'parsed' ? `Saved as ${heightHint.text}` : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email Address (optional)"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={shown('email')}
            autoComplete="off"
          />
          <TextInput
            label="Phone number (optional)"
            type="tel"
            value={values.phone}
            onChange={set('phone')}
            autoComplete="off"
          />
        </SimpleGrid>
        {error && <SaveRefusal orgId={orgId} error={error} />}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" mih={44} loading={saving}>
            {patient ? 'Save Patient' : 'Add Patient'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
