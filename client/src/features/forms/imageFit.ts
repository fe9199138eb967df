import { MARKDOWN_EDITOR } from '@vigil/shared';

/** A width and height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * [FC1] The size a pasted image is drawn at (spec 000 §5): scaled down, keeping its proportions,
 * to fit within max × max (500 × 500 by default); an image already inside is kept as it is (never
 * enlarged). Sides are whole pixels, at least 1. Null for an image with no pixels.
 */
export function fitWithin(image: Size, max: number = MARKDOWN_EDITOR.imageMaxSize): Size | null {
  if (!(image.width > 0) || !(image.height > 0)) return null;
  const scale = Math.min(1, max / image.width, max / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** [FC2] The Markdown an embedded image is written as: `![name](data URL)` with brackets taken out of the name. */
export function imageMarkdown(name: string, dataUrl: string): string {
  const alt = name.replace(/[[\]\\]/g, '').trim() || 'image';
  return `![${alt}](${dataUrl})`;
}

/**
 * A pasted or dropped image file as a JPEG data URL (spec 000 §5): drawn on white (JPEG has no
 * transparency) at the size of fitWithin and encoded at quality 70. Null when the browser cannot
 * decode it.
 */
export async function pastedImageDataUrl(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const size = fitWithin({ width: bitmap.width, height: bitmap.height });
  if (!size) return null;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = 'white';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', MARKDOWN_EDITOR.jpegQuality / 100);
}
