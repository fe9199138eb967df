import { VIEWPORT_BREAKPOINTS_PX } from '@vigil/shared';

export type Viewport = 'sm' | 'md' | 'lg';

/** Viewport class of a window width (spec 000 §4): sm under 600 px, md under 960 px, else lg. */
export function viewportOf(widthPx: number): Viewport {
  if (widthPx < VIEWPORT_BREAKPOINTS_PX.sm) return 'sm';
  if (widthPx < VIEWPORT_BREAKPOINTS_PX.md) return 'md';
  return 'lg';
}
