import { encodePng, pngFile } from '@vigil/shared';

/** A solid-colour PNG of the given size as a data URL (what a signature pad or the selfie camera sends). */
export function pngDataUrl(width: number, height: number, rgb: [number, number, number] = [40, 60, 200]): string {
  return `data:image/png;base64,${Buffer.from(encodePng(width, height, () => rgb)).toString('base64')}`;
}

/**
 * A well-formed PNG that decodes to width × height black pixels, at 1 bit per pixel so it stays
 * small (issue 35 item 7: 20000 × 20000 deflates to ~50 KB and costs Chromium gigabytes to print).
 */
export function pixelBombPngDataUrl(width: number, height: number): string {
  const raw = new Uint8Array((1 + Math.ceil(width / 8)) * height);
  return `data:image/png;base64,${Buffer.from(pngFile({ width, height, depth: 1, colour: 0 }, raw)).toString('base64')}`;
}
