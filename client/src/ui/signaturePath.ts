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

/** A drawn point as the signature library keeps it: CSS pixels from the pad's top left corner. */
export interface PadPoint {
  x: number;
  y: number;
}

/**
 * SVG path data of the library's strokes (one group of points per stroke), rounded to
 * 2 decimals (spec 002 §9): the same `M x y L x y` the pad has always produced.
 */
export function pointGroupsToPath(groups: readonly { points: readonly PadPoint[] }[]): string {
  return strokesToPath(groups.map((g) => g.points.map((p): [number, number] => [round2(p.x), round2(p.y)])));
}

/**
 * Strokes drawn on a pad that has since become `width` wide (a phone turned from landscape to
 * portrait): unchanged while they fit, else scaled down evenly in both directions, about the top
 * left corner, so that nothing is cut off and the signature keeps its shape.
 */
export function fitPointGroups<G extends { points: readonly P[] }, P extends PadPoint>(
  groups: readonly G[],
  width: number,
  height: number = SIGNATURE_HEIGHT,
): G[] {
  const right = Math.max(0, ...groups.flatMap((g) => g.points.map((p) => p.x)));
  const bottom = Math.max(0, ...groups.flatMap((g) => g.points.map((p) => p.y)));
  const scale = Math.min(1, right > 0 ? width / right : 1, bottom > 0 ? height / bottom : 1);
  if (scale === 1) return [...groups];
  return groups.map((g) => ({ ...g, points: g.points.map((p) => ({ ...p, x: p.x * scale, y: p.y * scale })) }));
}
