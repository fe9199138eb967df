import { Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  patientDisplayName,
  practitionerDisplayName,
  practitionerUserId,
  refusalText,
  TRIAL_ENDED_MESSAGE,
  appointmentActorId,
  startCaseMode,
  tourPath,
  type AppointmentConflict,
  type Location,
  type Patient,
} from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { newResourceId, saveResource, useLiveResourceEvents, useOutboxReplay } from '../../data/db.js';
import { catalogueRefusal, FhirRequestError } from '../../data/fhir.js';
import { errorCode } from '../../data/graphql.js';
import { useCachedResources } from '../../data/useResources.js';
import { placeOptions } from '../../ui/places.js';
import { useOrgFeatures } from '../../data/orgSettings.js';
import { SaveRefusal } from '../../ui/SaveRefusal.js';
import { usePatients } from '../../data/patients.js';
import { PatientForm } from '../patients/index.js';
import { PlanRequired, planRefusal, useOrgPlanLimits } from '../subscription/index.js';
import { SedationLevelField } from './start/SedationLevelField.js';
import { birthDateText } from '../patients/index.js';
import { GrowingTextarea } from '../../ui/kit/GrowingTextarea.js';
import { AppointmentTimesFields } from '../../ui/AppointmentTimesFields.js';
import { DoubleBookingWarning } from '../../ui/DoubleBookingWarning.js';
import { useAppointmentsBetween } from '../../data/calendar.js';
import { SelectField } from '../../ui/kit/SelectField.js';
import { usePatientCarriedMeasurements, type Carried } from './start/useCarriedMeasurements.js';
import { caseProviders } from './providers.js';
import { markNewCase } from './start/useOfficeChecklists.js';
import {
  carriedText,
  defaultCaseTimes,
  localDateTime,
  newCaseConflicts,
  measurementSourceText,
  newCaseErrors,
  newCaseResources,
  type NewCaseValues,
} from './newCase.js';

/**
 * The deepest sedation level a new case may have and the plan's tier: the organisation view's
 * (the stricter of the plan's tier and sedationLevelLimit, issue 37; this device's copy offline),
 * else while it is unknown the sedationLevelLimit flag (default ga; spec 000 §3).
 */
export function useSedationLevelLimit(orgId: string): { maxLevel: string; planTier: string | null } {
  const features = useOrgFeatures(orgId, true);
  const limits = useOrgPlanLimits(orgId);
  const flag = features.data?.find((f) => f.name === 'sedationLevelLimit')?.stringValue ?? 'ga';
  if (!limits.data) return { maxLevel: flag, planTier: null };
  return { maxLevel: limits.data.maxSedationLevel, planTier: limits.data.planTier };
}

/** Why a new case was refused, in words the front desk can act on. */
function caseSaveErrorText(err: unknown): string {
  // A failure that is not the FHIR API's reads its code's text (the catalogue's, else the unknown error).
  if (!(err instanceof FhirRequestError)) return refusalText(errorCode(err));
  if (err.serverCode === 'EDITING_PREVENTED') return 'Your organization does not allow editing right now.';
  // Rule SUB2: after the trial, or without an active subscription, only new cases are refused.
  if (err.serverCode === 'TRIAL_ENDED') return TRIAL_ENDED_MESSAGE;
  if (err.serverCode === 'SUBSCRIPTION_NOT_OK')
    return "Adding cases needs an active subscription. Ask your organization's administrator.";
  if (err.code === 'NOT_AUTHORIZED' || err.code === 'NO_AUTHENTICATION')
    return refusalText(err.code, {
      NOT_AUTHORIZED: 'You are not allowed to create cases in this organization.',
      NO_AUTHENTICATION: 'Sign in again to save.',
    });
  // A refusal the catalogue words (FEATURE_DISABLED…) reads its sentence, never the bare code.
  const known = catalogueRefusal(err);
  if (known) return known;
  if (err.messages.length > 0) return err.messages.join('. ');
  return `The case could not be saved (${err.code}).`;
}

/** What the new case takes from the patient's record: weight and height, with where they came from. */
function CarriedNote({ carried }: { carried: Carried }): ReactNode {
  const { weight, height } = carried;
  if (!weight) {
    return (
      <Text size="sm" c="orange.9" role="status" data-testid="carried-measurements">
        No weight on the patient record: enter it on the case before dosing by weight.
        {height ? ` Height ${carriedText(height, 'height')} is carried into the case.` : ''}
      </Text>
    );
  }
  const from = measurementSourceText(weight, Date.now());
  return (
    <Text
      size="sm"
      c={from && from.age.colour !== 'green' ? from.age.colour : undefined}
      role="status"
      data-testid="carried-measurements"
    >
      Weight {carriedText(weight, 'weight')}
      {height ? ` and height ${carriedText(height, 'height')}` : ''} will be carried into the case
      {from ? ` (${from.text.charAt(0).toLowerCase()}${from.text.slice(1)})` : ''}.
    </Text>
  );
}

/** "Loading..." while a list has not come yet (or is empty and being refreshed). */
function loadingText(list: { data: unknown[] | undefined; refreshing: boolean }): string | undefined {
  return list.data === undefined || (list.data.length === 0 && list.refreshing) ? 'Loading...' : undefined;
}

/**
 * Creating the case: the Appointment and its anesthesia-record Composition (one id chosen here),
 * then the case opens; a refusal is kept in `error`, in words the front desk can act on.
 */
function useCreateCase(orgId: string): {
  saving: boolean;
  error: string | null;
  planNeed: ReturnType<typeof planRefusal>;
  create: (values: NewCaseValues) => Promise<void>;
} {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A level the plan does not include (issue 37): which plan does, with the Subscription page.
  const [planNeed, setPlanNeed] = useState<ReturnType<typeof planRefusal>>(null);
  const create = async (values: NewCaseValues): Promise<void> => {
    if (saving) return;
    setSaving(true);
    setError(null);
    setPlanNeed(null);
    const id = newResourceId('Appointment');
    const { appointment, composition } = newCaseResources(id, values, new Date());
    try {
      // The record first: the appointment points to it.
      await saveResource(orgId, composition);
      await saveResource(orgId, appointment);
      markNewCase(id);
      void navigate(`/org/${encodeURIComponent(orgId)}/cases/${encodeURIComponent(id)}`);
    } catch (err) {
      const need =
        err instanceof FhirRequestError ? planRefusal(err.serverCode, err.messages, values.sedationLevel) : null;
      if (need) setPlanNeed(need);
      else setError(caseSaveErrorText(err));
      setSaving(false);
    }
  };
  return { saving, error, planNeed, create };
}

/** Around the new case's day: from the day before (an appointment lasts at most 24 hours, APC4) to the day after. */
function daysAround(date: string): { from: Date; to: Date } {
  const d = localDateTime(date, '00:00') ?? new Date(0);
  return {
    from: new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1),
    to: new Date(d.getFullYear(), d.getMonth(), d.getDate() + 2),
  };
}

/** [APC6] The double bookings the case being filled in would make, and how each other appointment is named. */
function useNewCaseConflicts(
  orgId: string,
  values: NewCaseValues,
  locations: readonly Location[],
  patients: readonly Patient[],
): { conflicts: AppointmentConflict[]; describe: (id: string) => string } {
  const { from, to } = daysAround(values.date);
  const around = useAppointmentsBetween(orgId, from, to);
  const conflicts = newCaseConflicts(values, around.data ?? [], locations);
  const describe = (id: string): string => {
    const other = around.data?.find((a) => a.id === id);
    const patientId = other ? appointmentActorId(other, 'Patient') : null;
    const patient = patientId ? patients.find((p) => p.id === patientId) : undefined;
    const time = (iso: string | undefined): string =>
      iso ? new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : '';
    return `${patient ? patientDisplayName(patient) : 'another patient'}, ${time(other?.start)} – ${time(other?.end)}`;
  };
  return { conflicts, describe };
}

/** "New Patient": the patient form in a dialog; the saved patient becomes the case's. */
function NewPatientModal(props: {
  orgId: string;
  opened: boolean;
  onClose: () => void;
  onSaved: (patientId: string) => void;
}): ReactNode {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="New Patient" size="lg">
      <PatientForm orgId={props.orgId} onCancel={props.onClose} onSaved={(p) => props.onSaved(p.id)} />
    </Modal>
  );
}

/**
 * /org/{orgId}/new-case and /org/{orgId}/patients/{patientId}/new-case: pick or add the patient,
 * the day and times, the provider, the room and the sedation level. Saving creates the
 * Appointment and its anesthesia-record Composition (one id chosen here) and opens the case at
 * once; without a network both wait in the outbox and are sent when it is back.
 */
export function NewCasePage(): ReactNode {
  const { orgId = '' } = useParams();
  const { search } = useLocation();
  // [TOUR2] The start-case entry point with the tour or local flag opens a practice case that
  // stays on its page (spec 000 §2), never the real form.
  const mode = startCaseMode(search);
  if (mode !== 'real') return <Navigate to={tourPath(orgId, mode)} replace />;
  return <NewCaseForm />;
}

/** The new-case form of a real case (see NewCasePage). */
function NewCaseForm(): ReactNode {
  const { orgId = '', patientId: routePatientId = '' } = useParams();
  // The calendar's "New Case" passes the chosen day.
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  useOutboxReplay(orgId);
  useLiveResourceEvents(orgId);
  const patients = usePatients(orgId, '');
  const practitioners = useCachedResources(orgId, 'Practitioner', {}, { complete: true });
  const locations = useCachedResources(orgId, 'Location', {}, { complete: true });
  const { maxLevel, planTier } = useSedationLevelLimit(orgId);
  const [values, setValues] = useState<NewCaseValues>(() => ({
    patientId: routePatientId,
    providerId: '',
    locationId: '',
    sedationLevel: '',
    description: '',
    ...defaultCaseTimes(new Date()),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(query.get('date') ?? '') ? { date: query.get('date')! } : {}),
  }));
  const [submitted, setSubmitted] = useState(false);
  const [addingPatient, setAddingPatient] = useState(false);
  // The patient's latest weight and height go into the case (issue 25): said here, before saving.
  const carried = usePatientCarriedMeasurements(orgId, values.patientId || null);

  const providers = caseProviders(practitioners.data ?? []);
  // The signed-in user is the provider unless someone else is chosen.
  const mine = providers.find((p) => user && practitionerUserId(p) === user.id);
  const providerId = values.providerId || mine?.id || '';
  const current = { ...values, providerId };
  const errors = newCaseErrors(current, maxLevel);
  const shown = (field: keyof NewCaseValues): string | undefined => (submitted ? errors[field] : undefined);
  const set = <K extends keyof NewCaseValues>(field: K, value: NewCaseValues[K]): void =>
    setValues((v) => ({ ...v, [field]: value }));
  const text =
    (field: 'date' | 'startTime' | 'endTime' | 'description') =>
    (e: { currentTarget: { value: string } }): void =>
      set(field, e.currentTarget.value);

  const patientOptions = (patients.data ?? []).map((p: Patient) => ({
    value: p.id ?? '',
    label: `${patientDisplayName(p)} · ${birthDateText(p.birthDate ?? null, Date.now())}`,
  }));
  const providerOptions = providers.map((p) => ({ value: p.id, label: practitionerDisplayName(p) || p.id }));
  const placeChoices = placeOptions(locations.data ?? []);

  const { conflicts, describe } = useNewCaseConflicts(orgId, current, locations.data ?? [], patients.data ?? []);
  const { saving, error, planNeed, create } = useCreateCase(orgId);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0) void create(current);
  };

  return (
    <Page title="New Case">
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate aria-label="New case">
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <SelectField
                label="Patient"
                required
                searchable
                placeholder={loadingText(patients) ?? 'Search by name'}
                nothingFoundMessage="No matches"
                data={patientOptions}
                value={values.patientId}
                onChange={(v) => set('patientId', v)}
                error={shown('patientId')}
                grow
              />
              <Button variant="default" mih={44} onClick={() => setAddingPatient(true)}>
                New Patient
              </Button>
            </Group>
            {carried && <CarriedNote carried={carried} />}
            <AppointmentTimesFields values={values} onText={text} error={shown} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <SelectField
                label="Provider"
                required
                data={providerOptions}
                placeholder={loadingText(practitioners) ?? 'Choose a provider'}
                value={providerId}
                onChange={(v) => set('providerId', v)}
                error={shown('providerId')}
              />
              <SelectField
                label="Location (optional)"
                data={placeChoices}
                placeholder={placeChoices.length ? 'Office or room' : 'No locations yet'}
                value={values.locationId}
                onChange={(v) => set('locationId', v)}
                clearable
              />
              <SedationLevelField
                orgId={orgId}
                maxLevel={maxLevel}
                planTier={planTier}
                value={values.sedationLevel}
                onChange={(v) => set('sedationLevel', v)}
                error={shown('sedationLevel')}
              />
            </SimpleGrid>
            <GrowingTextarea
              label="Description (optional)"
              placeholder="Procedure"
              minRows={2}
              value={values.description}
              onChange={text('description')}
            />
            {conflicts.length > 0 && (
              <DoubleBookingWarning conflicts={conflicts} describe={describe} title="Double-booked" />
            )}
            {practitioners.error === 'NETWORK_ERROR' && (
              <Text size="sm" c="dimmed">
                Offline: the case is saved on this device and sent when the network is back.
              </Text>
            )}
            {error && <SaveRefusal orgId={orgId} error={error} />}
            {planNeed && <PlanRequired orgId={orgId} {...planNeed} />}
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={() => void navigate(-1)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" mih={44} loading={saving}>
                Create Case
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <NewPatientModal
        orgId={orgId}
        opened={addingPatient}
        onClose={() => setAddingPatient(false)}
        onSaved={(id) => {
          setAddingPatient(false);
          set('patientId', id);
        }}
      />
    </Page>
  );
}
