/*
 * The image input widget (spec 002 §2, §5, §9; issue 40 the patient photo): a photo taken with the
 * camera or a file uploaded, cropped square, and kept as a WebP of 480 × 480 at quality 0.8,
 * centred on white.
 */

/*
 * [PH1] What the widget writes is constants/widgets.ts IMAGE_INPUT (spec 002 §9: target 480 × 480,
 * quality 0.8, WebP, on white).
 */

/** The largest file read from the device before it is cropped and written (decision: a camera photo is a few MB). */
export const IMAGE_UPLOAD_MAX_BYTES = 25_000_000;

/** [PH2] The refusal of a file that is not an image (spec 002 §5). */
export const INVALID_FILE_TYPE = 'Invalid file type!';

/** [PH2] Only image files are taken: by the file's declared type (image/*). */
export function isImageFile(type: string): boolean {
  return /^image\/[a-z0-9.+-]+$/i.test(type.trim());
}

/** A square of the source image, in its pixels. */
export interface SquareCrop {
  sx: number;
  sy: number;
  size: number;
}

/**
 * [PH3] The square of a width × height image the photo keeps: the largest centred square at zoom
 * 1, smaller as the zoom grows (1–4), moved by `panX`/`panY` (−1 to 1, the share of the free room
 * on each side) and always within the image. Null for an image without pixels.
 */
export function squareCrop(width: number, height: number, zoom = 1, panX = 0, panY = 0): SquareCrop | null {
  if (!(width > 0 && height > 0)) return null;
  const z = Math.min(4, Math.max(1, zoom));
  const size = Math.min(width, height) / z;
  const clamp = (v: number): number => Math.min(1, Math.max(-1, v));
  const freeX = (width - size) / 2;
  const freeY = (height - size) / 2;
  return { sx: freeX + clamp(panX) * freeX, sy: freeY + clamp(panY) * freeY, size };
}
