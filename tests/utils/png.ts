import { encodePng } from '../../sync-server/src/forms/png.js';

/** A solid-colour PNG of the given size as a data URL (what a signature pad or the selfie camera sends). */
export function pngDataUrl(width: number, height: number, rgb: [number, number, number] = [40, 60, 200]): string {
  return `data:image/png;base64,${encodePng(width, height, () => rgb).toString('base64')}`;
}
