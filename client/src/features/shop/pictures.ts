import { checkImageDataUrl, IMAGE_BOUNDS } from '@vigil/shared';

/*
 * Product pictures (issue 37): a chosen file is drawn smaller on a canvas and kept as a data URL
 * within the form-image bounds the server holds them to (IMAGE_BOUNDS.formImage, 1.5 MB, 6 at most).
 */

/** At most this many pictures a product (the server's PRODUCT_IMAGE_LIMITS.count). */
export const MAX_PICTURES = 6;
/** The longest side a picture is kept at: well inside the form-image bounds, small enough to send. */
export const PICTURE_SIDE = 1200;
/** The server's size limit of one picture, as data URL characters (1.5 MB of bytes in base64). */
export const MAX_PICTURE_CHARS = Math.floor((1_500_000 * 4) / 3);

/** [SHC9] The size a picture is kept at: scaled down to fit max × max, never enlarged; null for no pixels. */
export function pictureSize(
  width: number,
  height: number,
  max = PICTURE_SIDE,
): { width: number; height: number } | null {
  if (!(width > 0) || !(height > 0)) return null;
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A picture file as a data URL the server accepts: PNG stays PNG (drawings, transparency) unless
 * that is too large, anything else is JPEG on white. Answers the refusal's text when it cannot.
 */
export async function pictureDataUrl(file: Blob): Promise<{ url: string } | { error: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { error: 'This file could not be read as a picture. Choose a PNG or JPEG.' };
  }
  const size = pictureSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!size || !context) return { error: 'This picture has no pixels.' };
  canvas.width = size.width;
  canvas.height = size.height;
  let url = '';
  if (file.type === 'image/png') {
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    url = canvas.toDataURL('image/png');
  }
  if (!url.startsWith('data:image/png') || url.length > MAX_PICTURE_CHARS) {
    context.fillStyle = 'white';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    url = canvas.toDataURL('image/jpeg', 0.85);
  }
  bitmap.close();
  if (url.length > MAX_PICTURE_CHARS) return { error: 'This picture is too large even when made smaller.' };
  const check = checkImageDataUrl(url, IMAGE_BOUNDS.formImage);
  return check.ok ? { url } : { error: check.message };
}
