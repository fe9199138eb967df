import { Card, Stack, Text, Title } from '@mantine/core';
import { patientDisplayName, patientPhotoIds, type GalleryImage, type Patient } from '@vigil/shared';
import type { ReactNode } from 'react';
import { usePhotoUris } from '../../data/photos.js';
import { ImageGallery } from '../../ui/ImageGallery.js';

/**
 * The patient's photos (issue 40; spec 000 §2 image gallery, spec 002 §2 image viewer): the current
 * photo first, then the earlier ones (PH4, at most 12), each opening the viewer. Shown once the
 * patient has two photos: with one, the photo beside the details is all there is.
 */
export function PatientPhotoGallery({ orgId, patient }: { orgId: string; patient: Patient }): ReactNode {
  const ids = patientPhotoIds(patient);
  const uris = usePhotoUris(orgId, ids);
  if (ids.length < 2) return null;
  const name = patientDisplayName(patient) || 'the patient';
  const images: GalleryImage[] = uris.flatMap((src, i) =>
    src ? [{ src, alt: i === 0 ? `Current photo of ${name}` : `Earlier photo ${i} of ${name}` }] : [],
  );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="patient-photos-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="patient-photos-title">
          Photos
        </Title>
        {images.length === 0 ? (
          <Text c="dimmed">Loading photos…</Text>
        ) : (
          <ImageGallery images={images} title={`Photos of ${name}`} />
        )}
      </Stack>
    </Card>
  );
}
