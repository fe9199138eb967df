import { Alert, Button, Modal, Stack } from '@mantine/core';
import { patientDisplayName, patientPhotoId, type Patient } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { savePatientPhoto } from '../../data/photos.js';
import { ImageInput } from '../../ui/ImageInput.js';
import { PatientPhoto } from '../../ui/PatientPhoto.js';
import { saveErrorText } from './PatientForm.js';

export interface PatientPhotoEditorProps {
  orgId: string;
  patient: Patient & { id: string };
}

/**
 * The patient's photo on their page (photoId, spec 001 §3; issue 40): shown large, with 'Add photo'
 * or 'Change photo' opening the image input (camera or upload, cropped square, WebP 480).
 */
export function PatientPhotoEditor({ orgId, patient }: PatientPhotoEditorProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const photoId = patientPhotoId(patient);
  const name = patientDisplayName(patient) || 'Patient';

  const save = (dataUrl: string): void => {
    setSaving(true);
    setError(null);
    savePatientPhoto(orgId, patient, dataUrl).then(
      (r) => {
        setSaving(false);
        setQueued(r.queued);
        setOpen(false);
      },
      (err: unknown) => {
        setSaving(false);
        setError(saveErrorText(err));
      },
    );
  };

  return (
    <Stack gap={6} align="center">
      <PatientPhoto orgId={orgId} photoId={photoId} name={name} size={96} />
      <Button size="xs" variant="default" mih={32} onClick={() => setOpen(true)}>
        {photoId ? 'Change photo' : 'Add photo'}
      </Button>
      {queued && (
        <Alert color="blue" p={4}>
          Saved on this device: sent when online.
        </Alert>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title="Patient photo" size="md" closeOnClickOutside={false}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {open && <ImageInput label="patient photo" onChange={save} onCancel={() => setOpen(false)} saving={saving} />}
        </Stack>
      </Modal>
    </Stack>
  );
}
