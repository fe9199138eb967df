import { Avatar } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhotoUri } from '../data/photos.js';

export interface PatientPhotoProps {
  orgId: string;
  /** The photo's Binary id (photoId), or null: the patient's initials instead. */
  photoId: string | null;
  /** The patient's name: the image's text and the initials without a photo. */
  name: string;
  size: number;
}

/** A patient's photo (photoId, spec 001 §3), round, read from the device's cache or the server; initials while there is none. */
export function PatientPhoto({ orgId, photoId, name, size }: PatientPhotoProps): ReactNode {
  const uri = usePhotoUri(orgId, photoId);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return uri ? (
    <Avatar src={uri} alt={`Photo of ${name}`} size={size} radius="xl" data-testid="patient-photo" />
  ) : (
    <Avatar size={size} radius="xl" color="gray" aria-hidden="true">
      {initials}
    </Avatar>
  );
}
