import { expect, type Locator, type Page } from '@playwright/test';

/** What a person signs with: the mouse, a stylus or a finger (real pointer events in Chromium). */
export type SignatureInput = 'mouse' | 'pen' | 'touch';

export interface DrawSignatureOptions {
  /** What draws each stroke, in turn (stroke i uses inputs[i % inputs.length]); the mouse by default. */
  inputs?: readonly SignatureInput[];
  /** How many separate strokes (lifts between them): 1 to 4, 3 by default. */
  strokes?: number;
  /** Where on the pad the signature's top left corner goes (pad coordinates); [0, 0] by default. */
  origin?: Point;
}

type Point = readonly [number, number];

/**
 * A signature's strokes in pad coordinates (CSS pixels from its top left corner), inside
 * 380 × 260 so they fit the narrowest pad (a 390 px phone): a looped initial, a downstroke,
 * a crossbar and a dot, the way people lift the pen while they sign.
 */
const STROKES: readonly (readonly Point[])[] = [
  [
    [30, 200],
    [60, 90],
    [100, 60],
    [130, 120],
    [90, 200],
    [150, 190],
  ],
  [
    [180, 80],
    [200, 160],
    [220, 230],
  ],
  [
    [160, 140],
    [260, 130],
    [340, 150],
  ],
  [
    [360, 60],
    [366, 66],
  ],
];

/** How many moves a segment is drawn in: one every ~20 px, so each stroke arrives as a run of moves. */
const stepsOf = (from: Point, to: Point): number =>
  Math.max(1, Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]) / 20));

/** The points between two points, one per step. */
function along(from: Point, to: Point): Point[] {
  const steps = stepsOf(from, to);
  return Array.from({ length: steps }, (_, i): Point => {
    const t = (i + 1) / steps;
    return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
  });
}

/**
 * Draws a signature of several strokes on a signature pad (`getByTestId('signature-pad')`) with
 * the mouse, a pen, a finger or each in turn. Pen and touch go through the Chrome DevTools Protocol
 * (`Input.dispatchMouseEvent` with `pointerType: 'pen'`, `Input.dispatchTouchEvent`), so the page
 * receives the pointer events a stylus or a finger produces, not mouse events dressed up.
 */
export async function drawSignature(page: Page, pad: Locator, options: DrawSignatureOptions = {}): Promise<void> {
  const { inputs = ['mouse'], strokes = 3, origin = [0, 0] } = options;
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  const at = ([x, y]: Point): Point => [box.x + origin[0] + x, box.y + origin[1] + y];
  const cdp = inputs.every((i) => i === 'mouse') ? null : await page.context().newCDPSession(page);
  for (const [n, stroke] of STROKES.slice(0, strokes).entries()) {
    const input = inputs[n % inputs.length];
    const points = [stroke[0]!, ...stroke.slice(1).flatMap((p, i) => along(stroke[i]!, p))].map(at);
    const [first, ...rest] = points as [Point, ...Point[]];
    if (input === 'mouse') {
      // Playwright moves the mouse through the steps of each segment in one call.
      await page.mouse.move(...at(stroke[0]!));
      await page.mouse.down();
      for (const [i, p] of stroke.slice(1).entries()) {
        await page.mouse.move(...at(p), { steps: stepsOf(stroke[i]!, p) });
      }
      await page.mouse.up();
    } else if (input === 'pen') {
      const pen = (type: string, [x, y]: Point, buttons: number): Promise<unknown> =>
        cdp!.send('Input.dispatchMouseEvent', {
          type: type as 'mouseMoved',
          x,
          y,
          button: type === 'mouseMoved' && buttons === 0 ? 'none' : 'left',
          buttons,
          clickCount: type === 'mouseMoved' ? 0 : 1,
          pointerType: 'pen',
          force: buttons ? 0.5 : 0,
        });
      await pen('mouseMoved', first, 0);
      await pen('mousePressed', first, 1);
      for (const p of rest) await pen('mouseMoved', p, 1);
      await pen('mouseReleased', rest.at(-1) ?? first, 0);
    } else {
      const touch = (type: string, points: Point[]): Promise<unknown> =>
        cdp!.send('Input.dispatchTouchEvent', {
          type: type as 'touchStart',
          touchPoints: points.map(([x, y]) => ({ x, y, id: 1, radiusX: 4, radiusY: 4, force: 0.5 })),
        });
      await touch('touchStart', [first]);
      for (const p of rest) await touch('touchMove', [p]);
      await touch('touchEnd', []);
    }
  }
  await cdp?.detach();
  // A pad that fell over on a later stroke (issue 35) is gone by now.
  await expect(pad).toBeVisible();
}

/** The page did not fall over: no error boundary ("Could not load") took its place. */
export async function expectNoCrash(page: Page): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load' })).toHaveCount(0);
}
