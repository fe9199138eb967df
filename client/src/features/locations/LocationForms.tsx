import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { refusalText, type Location } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { saveResource } from '../../data/db.js';
import { catalogueRefusal, FhirRequestError } from '../../data/fhir.js';
import { errorCode } from '../../data/graphql.js';
import {
  locationFormErrors,
  locationFormValues,
  locationFromForm,
  roomFormErrors,
  roomFromForm,
  type LocationFormValues,
  type RoomFormValues,
} from './locationRules.js';

/** Why a save was refused, in words an office manager can act on. */
function saveErrorText(err: unknown): string {
  // A failure that is not the FHIR API's reads its code's text (the catalogue's, else the unknown error).
  if (!(err instanceof FhirRequestError)) return refusalText(errorCode(err));
  if (err.code === 'CONFLICT') return 'Someone else changed this since you opened it. Close the form and try again.';
  if (err.serverCode === 'EDITING_PREVENTED') return 'Your organization does not allow editing right now.';
  if (err.code === 'NOT_AUTHORIZED')
    return refusalText(err.code, { NOT_AUTHORIZED: 'You are not allowed to change locations of this organization.' });
  // A refusal the catalogue words (FEATURE_DISABLED…) reads its sentence, never the bare code.
  const known = catalogueRefusal(err);
  if (known) return known;
  if (err.messages.length > 0) return err.messages.join('. ');
  return `Could not save (${err.code}).`;
}

function useSave(orgId: string, onSaved: (queued: boolean) => void) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (resource: Location): Promise<void> => {
    setSaving(true);
    setError(null);
    try {
      onSaved((await saveResource(orgId, resource)).queued);
    } catch (err) {
      setError(saveErrorText(err));
      setSaving(false);
    }
  };
  return { saving, error, save };
}

function Buttons({ saving, label, onCancel }: { saving: boolean; label: string; onCancel: () => void }): ReactNode {
  return (
    <Group justify="flex-end">
      <Button variant="default" mih={44} onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" mih={44} loading={saving}>
        {label}
      </Button>
    </Group>
  );
}

export interface LocationFormProps {
  orgId: string;
  location?: Location;
  onSaved: (queued: boolean) => void;
  onCancel: () => void;
}

/** The location form of spec 001 §2 (Country defaults to US). */
export function LocationForm({ orgId, location, onSaved, onCancel }: LocationFormProps): ReactNode {
  const [values, setValues] = useState<LocationFormValues>(() => locationFormValues(location));
  const [submitted, setSubmitted] = useState(false);
  const { saving, error, save } = useSave(orgId, onSaved);
  const errors = locationFormErrors(values);
  const field = (name: keyof LocationFormValues, label: string, required = true): ReactNode => (
    <TextInput
      label={label}
      required={required}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      error={submitted ? errors[name] : undefined}
      autoComplete="off"
    />
  );
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0 && !saving) void save(locationFromForm(values, location));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={location ? 'Edit location' : 'New location'}>
      <Stack gap="sm">
        {field('name', 'Name')}
        {field('description', 'Description (optional)', false)}
        {field('addressLine1', 'Address Line 1')}
        {field('addressLine2', 'Address Line 2 (optional)', false)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('city', 'City')}
          {field('state', 'State')}
          {field('postalCode', 'Postal Code')}
          {field('country', 'Country')}
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Buttons saving={saving} label={location ? 'Save Location' : 'Add Location'} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export interface RoomFormProps {
  orgId: string;
  locationId: string;
  room?: Location;
  onSaved: (queued: boolean) => void;
  onCancel: () => void;
}

/** The room form of spec 001 §2: Room / Operatory Name; Description (optional). */
export function RoomForm({ orgId, locationId, room, onSaved, onCancel }: RoomFormProps): ReactNode {
  const [values, setValues] = useState<RoomFormValues>({
    name: room?.name ?? '',
    description: room?.description ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const { saving, error, save } = useSave(orgId, onSaved);
  const errors = roomFormErrors(values);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0 && !saving) void save(roomFromForm(values, locationId, room));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={room ? 'Edit room' : 'New room'}>
      <Stack gap="sm">
        <TextInput
          label="Room / Operatory Name"
          required
          value={values.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setValues((v) => ({ ...v, name }));
          }}
          error={submitted ? errors.name : undefined}
          autoComplete="off"
        />
        <TextInput
          label="Description (optional)"
          value={values.description}
          onChange={(e) => {
            const description = e.currentTarget.value;
            setValues((v) => ({ ...v, description }));
          }}
          autoComplete="off"
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Buttons saving={saving} label={room ? 'Save Room' : 'Add Room'} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
