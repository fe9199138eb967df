import { binaryDataUri, patientPhotoId, photosWithNew, type Binary, type Patient } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { cachedResource, cacheResources, saveResource } from './db.js';
import { fhirClient } from './fhir.js';

/** Photos read this session, by `orgId/binaryId`: a photo's Binary never changes (a new photo is a new Binary). */
const loaded = new Map<string, Promise<string | null>>();

/** A photo's data URI: from the device's cache, else read once from the server and cached. */
export function photoUri(orgId: string, binaryId: string): Promise<string | null> {
  const key = `${orgId}/${binaryId}`;
  let uri = loaded.get(key);
  if (!uri) {
    uri = (async () => {
      const cached = await cachedResource(orgId, 'Binary', binaryId);
      if (cached) return binaryDataUri(cached);
      const read = await fhirClient(orgId).read('Binary', binaryId);
      await cacheResources(orgId, [read]);
      return binaryDataUri(read);
    })();
    // A failed read (offline) is tried again by the next screen that asks.
    uri.catch(() => loaded.delete(key));
    loaded.set(key, uri);
  }
  return uri;
}

/** The data URI of a photo (photoId, spec 001 §3), or null while none is known. */
export function usePhotoUri(orgId: string, binaryId: string | null): string | null {
  const [uri, setUri] = useState<string | null>(null);
  useEffect(() => {
    setUri(null);
    if (!binaryId) return;
    let live = true;
    photoUri(orgId, binaryId).then(
      (u) => live && setUri(u),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId, binaryId]);
  return uri;
}

/**
 * The data URIs of several photos (a patient's gallery, PH4), in their order; one still unknown (or
 * unreadable offline) is null. Re-read when the list of ids changes.
 */
export function usePhotoUris(orgId: string, binaryIds: readonly string[]): (string | null)[] {
  const key = binaryIds.join(',');
  const [uris, setUris] = useState<{ key: string; uris: (string | null)[] }>({ key: '', uris: [] });
  useEffect(() => {
    let live = true;
    const ids = key ? key.split(',') : [];
    void Promise.all(ids.map((id) => photoUri(orgId, id).catch(() => null))).then((read) => {
      if (live) setUris({ key, uris: read });
    });
    return () => {
      live = false;
    };
  }, [orgId, key]);
  return uris.key === key ? uris.uris : binaryIds.map(() => null);
}

/** A data URL split into what a Binary holds. */
function binaryOf(dataUrl: string): Binary {
  const m = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl);
  if (!m) throw new Error('not a base64 data URL');
  return { resourceType: 'Binary', contentType: m[1]!, data: m[2]! };
}

/**
 * Keeps a new patient photo (issue 40): the image as a Binary, then the patient's `photo` naming
 * it (photoId, spec 001 §3), each through the one write path (straight to the server, or the
 * outbox in order when offline). Answers the saved patient and whether it waits to be sent.
 */
export async function savePatientPhoto(
  orgId: string,
  patient: Patient & { id: string },
  dataUrl: string,
): Promise<{ patient: Patient & { id: string }; queued: boolean }> {
  const binary = await saveResource(orgId, binaryOf(dataUrl));
  loaded.set(`${orgId}/${binary.resource.id}`, Promise.resolve(dataUrl));
  const withPhoto: Patient & { id: string } = {
    ...patient,
    // [PH4] The new photo is the current one; the earlier ones stay listed after it (the gallery).
    photo: photosWithNew(patient.photo, { contentType: binary.resource.contentType, url: `Binary/${binary.resource.id}` }),
  };
  const saved = await saveResource(orgId, withPhoto);
  return { patient: saved.resource, queued: binary.queued || saved.queued };
}

export { patientPhotoId };
