import { isLotExpired, LEDGER_TEXTS } from '@vigil/shared';
import { readScan, type ScannedPackage } from './scan.js';

/** Why the camera scanner cannot scan: what the browser said, or the reader not loading. */
export type CameraProblem = 'denied' | 'noCamera' | 'busy' | 'unavailable' | 'readerFailed';

/**
 * [CS1] What getUserMedia's refusal means to the person at the safe: permission refused (by the
 * person or the browser's policy), no camera on the device, the camera held by another app, or
 * any other failure (the browser gives this page no camera).
 */
export function cameraProblem(err: unknown): CameraProblem {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'noCamera';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'unavailable';
  }
}

/** [CS1] Each problem in words, with what to do instead: every one leaves typing or a USB scanner. */
export const CAMERA_TEXTS: Readonly<Record<CameraProblem, { title: string; body: string }>> = {
  denied: {
    title: 'No camera permission',
    body: 'Vigil was not allowed to use the camera. Allow the camera for this site in the browser settings and try again, or type the code.',
  },
  noCamera: {
    title: 'No camera',
    body: 'This device has no camera Vigil can use. Use a USB scanner or type the code.',
  },
  busy: {
    title: 'The camera is busy',
    body: 'Another app is using the camera. Close it and try again, or type the code.',
  },
  unavailable: {
    title: 'No camera',
    body: 'This browser does not give Vigil a camera here (it needs the secure https address). Use a USB scanner or type the code.',
  },
  readerFailed: {
    title: 'The barcode reader could not start',
    body: 'The reader comes with the app: open Vigil once with the network on, then try again, or type the code.',
  },
};

/** What the camera read: a package to use, an expired package refused, or a code that is not GS1. */
export type CameraReading =
  { kind: 'package'; scanned: ScannedPackage } | { kind: 'expired'; scanned: ScannedPackage } | { kind: 'notGs1' };

/**
 * [CS2] A code the camera decoded (zxing's text: the bracketed GS1 form): a GS1 package (IV1),
 * refused when its lot is expired on `today` (LG4: from the day after its expiry date), since an
 * expired lot can be neither received nor dispensed; anything else is not a package code. Null
 * for an empty read.
 */
export function cameraReading(text: string, today: string): CameraReading | null {
  if (text.trim() === '') return null;
  const scanned = readScan(text);
  if (scanned == null) return { kind: 'notGs1' };
  if (scanned.expiry != null && isLotExpired(scanned.expiry, today)) return { kind: 'expired', scanned };
  return { kind: 'package', scanned };
}

/** [CS2] The refusal of an expired package: the ledger's text (LG5), then which lot and when it expired. */
export function expiredText(scanned: ScannedPackage): string {
  const lot = scanned.lotNumber == null ? 'The package' : `Lot ${scanned.lotNumber}`;
  return `${LEDGER_TEXTS.expired} ${lot}, expiry ${scanned.expiry ?? ''}.`;
}
