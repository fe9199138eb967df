/** Signature canvas size (spec 002 §9): width min(window width, 660), height 300. */
export const SIGNATURE_MAX_WIDTH = 660;
export const SIGNATURE_HEIGHT = 300;
/** Drawing offsets by pointer (spec 002 §9): touch 10 px, pen 2 px (the point sits above the finger or nib). */
export const POINTER_OFFSETS: Readonly<Record<string, number>> = { touch: 10, pen: 2, mouse: 0 };

export function signatureWidth(windowWidth: number): number {
  return Math.min(windowWidth, SIGNATURE_MAX_WIDTH);
}

/** Rounds to 2 decimals (spec 002 §9). */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * A drawing point from a pointer position relative to the pad: shifted up by the pointer's
 * offset, clipped to the pad (spec 002 §3 "clipped to the canvas"), rounded to 2 decimals.
 */
export function padPoint(
  x: number,
  y: number,
  pointerType: string,
  width: number,
  height: number = SIGNATURE_HEIGHT,
): [number, number] {
  const offset = POINTER_OFFSETS[pointerType] ?? 0;
  return [round2(Math.min(Math.max(x, 0), width)), round2(Math.min(Math.max(y - offset, 0), height))];
}

/** SVG path data of strokes: each stroke `M x y` then `L x y` per further point. */
export function strokesToPath(strokes: readonly (readonly [number, number])[][]): string {
  return strokes
    .filter((s) => s.length > 0)
    .map((stroke) => stroke.map(([x, y], i) => `${i === 0 ? 'M' : 'L'} ${x} ${y}`).join(' '))
    .join(' ');
}
