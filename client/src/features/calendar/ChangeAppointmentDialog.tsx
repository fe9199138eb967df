import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CANCEL_REASON_MAX,
  practitionerDisplayName,
  type AppointmentConflict,
  type DeskStatus,
  type Practitioner,
} from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { timeRangeText, type AppointmentView } from '../../ui/appointmentView.js';
import { GrowingTextarea } from '../../ui/kit/GrowingTextarea.js';
import { AppointmentTimesFields } from '../../ui/AppointmentTimesFields.js';
import { DoubleBookingWarning } from '../../ui/DoubleBookingWarning.js';
import { SelectField } from '../../ui/kit/SelectField.js';
import { appointmentRefusalText, changeAppointment, type AppointmentChange } from './appointmentChanges.js';
import { durationText, readReschedule, rescheduleValues, type RescheduleValues } from './changeForm.js';

type Option = { value: string; label: string };

export interface ChangeAppointmentDialogProps {
  orgId: string;
  /** The appointment as the calendar shows it now (live: a change elsewhere shows here). */
  view: AppointmentView;
  providerOptions: readonly Option[];
  placeOptions: readonly Option[];
  /** How another appointment is named in a double-booking warning ("Ana Lopez, 9:00 AM – 10:00 AM"). */
  describe: (appointmentId: string) => string;
  onClose: () => void;
}

/** The status buttons of the desk (spec 001 §4), with the words the calendar's badges use. */
const STATUS_ACTIONS: readonly { status: DeskStatus; label: string }[] = [
  { status: 'arrived', label: 'Arrived' },
  { status: 'checked-in', label: 'Checked in' },
  { status: 'noshow', label: 'No-show' },
  { status: 'booked', label: 'Booked' },
];

/** Date, start, end, provider and place, and "Save new time". */
function RescheduleForm({
  values,
  onValues,
  errors,
  busy,
  onSubmit,
  providerOptions,
  placeOptions,
  disabled,
}: {
  values: RescheduleValues;
  onValues: (v: RescheduleValues) => void;
  errors: Partial<Record<keyof RescheduleValues, string>>;
  busy: boolean;
  onSubmit: () => void;
  providerOptions: readonly Option[];
  placeOptions: readonly Option[];
  disabled: boolean;
}): ReactNode {
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    onSubmit();
  };
  const duration = durationText(values);
  return (
    <form onSubmit={submit} noValidate aria-label="Move appointment">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Move
        </Title>
        <AppointmentTimesFields
          values={values}
          onText={(field) => (e) => onValues({ ...values, [field]: e.currentTarget.value })}
          error={(field) => errors[field]}
          endDescription={duration ? `Duration: ${duration}` : undefined}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            label="Provider"
            required
            data={providerOptions}
            value={values.providerId}
            onChange={(v) => onValues({ ...values, providerId: v })}
            error={errors.providerId}
          />
          <SelectField
            label="Location (optional)"
            clearable
            data={placeOptions}
            placeholder="Office or room"
            value={values.locationId}
            onChange={(v) => onValues({ ...values, locationId: v })}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy} disabled={disabled} mih={44}>
            Save new time
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The providers an appointment can move to: the office's active practitioners, by name. */
export function providerOptionsOf(practitioners: ReadonlyMap<string, Practitioner>): Option[] {
  return [...practitioners.values()]
    .filter((p) => p.id && p.active !== false)
    .map((p) => ({ value: p.id!, label: practitionerDisplayName(p) || p.id! }));
}

/**
 * The desk's changes to one appointment (issue 40; spec 000 §4, spec 001 §4): move it (date,
 * start, end, provider, place), mark it arrived, checked in, no-show or booked again, cancel it
 * with a reason, or mark it entered in error (final, so asked twice). The server decides (a
 * started or finalized case refuses); a refusal is shown in words and every entry is kept; a move
 * that double-books a provider or a room is saved and the warning shown.
 */
export function ChangeAppointmentDialog(props: ChangeAppointmentDialogProps): ReactNode {
  const { orgId, view, onClose } = props;
  const [values, setValues] = useState(() => rescheduleValues(view));
  const [errors, setErrors] = useState<Partial<Record<keyof RescheduleValues, string>>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<AppointmentConflict[]>([]);
  const [confirmError, setConfirmError] = useState(false);

  const send = async (label: string, change: AppointmentChange): Promise<void> => {
    setBusy(label);
    setRefusal(null);
    setConflicts([]);
    try {
      const result = await changeAppointment(orgId, view.id, change);
      if (result.conflicts.length > 0) setConflicts(result.conflicts);
      else onClose();
    } catch (err) {
      setRefusal(appointmentRefusalText(errorCode(err)));
    } finally {
      setBusy(null);
    }
  };
  const reschedule = (): void => {
    const read = readReschedule(values);
    setErrors(read.ok ? {} : read.errors);
    if (read.ok) void send('reschedule', { kind: 'reschedule', body: read.reschedule });
  };
  const cancel = (e: FormEvent): void => {
    e.preventDefault();
    const text = reason.trim();
    setReasonError(text ? undefined : 'Give a reason for the cancellation.');
    if (text) void send('cancel', { kind: 'cancel', body: { reason: text } });
  };
  const setStatus = (status: DeskStatus): void => void send(status, { kind: 'status', body: { status } });
  // What the server would refuse anyway ([APC1], a signed case), said before anything is tried.
  const locked = view.finalized
    ? 'This case is finalized: its appointment stays as it was signed.'
    : view.status === 'entered-in-error'
      ? 'This appointment was entered in error and can no longer be changed.'
      : null;

  return (
    <Modal opened onClose={onClose} title="Change appointment" size="lg" data-testid="change-appointment">
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{view.patient}</Text>
          <Text>{timeRangeText(view)}</Text>
          <Badge color={view.colour} variant="light">
            {view.statusLabel}
          </Badge>
        </Group>
        {locked && (
          <Alert color="gray" role="status">
            {locked}
          </Alert>
        )}
        <RescheduleForm
          {...{ values, errors, providerOptions: props.providerOptions, placeOptions: props.placeOptions }}
          onValues={setValues}
          busy={busy === 'reschedule'}
          onSubmit={reschedule}
          disabled={locked !== null}
        />
        <Stack gap="xs">
          <Title order={3} size="h5">
            Status
          </Title>
          <Group gap="xs" wrap="wrap">
            {STATUS_ACTIONS.filter((a) => a.status !== view.status).map((a) => (
              <Button
                key={a.status}
                variant="default"
                mih={44}
                loading={busy === a.status}
                disabled={locked !== null}
                onClick={() => setStatus(a.status)}
              >
                {a.label}
              </Button>
            ))}
            {!confirmError ? (
              <Button
                variant="default"
                color="red"
                mih={44}
                disabled={locked !== null}
                onClick={() => setConfirmError(true)}
              >
                Entered in error
              </Button>
            ) : (
              <Button
                color="red"
                mih={44}
                loading={busy === 'entered-in-error'}
                onClick={() => setStatus('entered-in-error')}
              >
                Confirm: entered in error (final)
              </Button>
            )}
          </Group>
        </Stack>
        <form onSubmit={cancel} noValidate aria-label="Cancel appointment">
          <Stack gap="xs">
            <GrowingTextarea
              minRows={2}
              maxRows={5}
              label="Reason for cancelling"
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
            />
            <Group>
              <Button type="submit" color="red" mih={44} loading={busy === 'cancel'} disabled={locked !== null}>
                Cancel appointment
              </Button>
            </Group>
          </Stack>
        </form>
        {refusal && (
          <Alert color="red" role="alert" title="Not changed">
            {refusal}
          </Alert>
        )}
        {conflicts.length > 0 && (
          <DoubleBookingWarning conflicts={conflicts} describe={props.describe} title="Saved, but double-booked" />
        )}
      </Stack>
    </Modal>
  );
}
