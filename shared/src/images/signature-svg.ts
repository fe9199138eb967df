import { base64Bytes, type ImageBounds } from './raster.js';

/**
 * [IM4] A signature kept as SVG (the business associate agreement's, spec 001 §3 signatureSvg)
 * is only what the pad's SVG writer makes: one stroked path of pad path data on a canvas within
 * the signature bounds. Anything else (a 100000 px canvas, an image, a script, a link) is refused.
 */
const PAD_SVG =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d{1,5})" height="(\d{1,5})" viewBox="0 0 (\d{1,5}) (\d{1,5})"><path d="[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s-]*" fill="none" stroke="black" stroke-width="2" stroke-linecap="round"\/><\/svg>$/;

/** [IM4] Whether an SVG is a pad signature within `bounds` (its canvas no larger than a signature image may be). */
export function isPadSignatureSvg(svg: string, bounds: ImageBounds): boolean {
  const m = PAD_SVG.exec(svg);
  if (!m) return false;
  const [width, height, boxWidth, boxHeight] = m.slice(1, 5).map(Number) as [number, number, number, number];
  return (
    width === boxWidth &&
    height === boxHeight &&
    width > 0 &&
    height > 0 &&
    width <= bounds.maxWidth &&
    height <= bounds.maxHeight &&
    width * height <= bounds.maxPixels
  );
}

/** [IM4] isPadSignatureSvg for base64 data (FHIR Contract.signer.signature.data). */
export function isPadSignatureSvgData(data: string, bounds: ImageBounds): boolean {
  const bytes = base64Bytes(data);
  // The pad's path is at most 20000 characters; its SVG wrapper adds under 300.
  if (bytes === null || bytes.length > 21_000) return false;
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return isPadSignatureSvg(text, bounds);
}
