/*
 * The image gallery and viewer (spec 000 §2, §9 IMAGE_GALLERY; spec 002 §2 IMAGE_VIEWER; issue 40):
 * the pure rules of which image is shown, where the arrow keys go and which thumbnails the strip
 * shows. The widgets are client/src/ui/ImageGallery.tsx and ImageViewer.tsx.
 */
import { IMAGE_GALLERY } from '../constants/shell.js';
import { IMAGE_VIEWER } from '../constants/widgets.js';

/** An image of the gallery (spec 000 §3 "Image gallery image: src, alt"). */
export interface GalleryImage {
  src: string;
  alt: string;
}

/**
 * [GAL1] The viewer's image after a key: ArrowRight / ArrowLeft move one image and stop at the ends
 * (no wrap: the first and last image are where a user expects to stop), Home and End go to the
 * ends; any other key leaves it. An index out of range is brought within it; no images gives -1.
 */
export function viewerIndexAfterKey(index: number, count: number, key: string): number {
  if (count <= 0) return -1;
  const at = Math.min(Math.max(Number.isFinite(index) ? Math.trunc(index) : 0, 0), count - 1);
  switch (key) {
    case 'ArrowRight':
      return Math.min(at + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return at;
  }
}

/**
 * [GAL2] The thumbnails the viewer's strip shows: at most IMAGE_VIEWER.visibleThumbnails (5),
 * the shown image among them, centred while the strip can be, else against the start or the end.
 * Answers the first and one-past-last index.
 */
export function visibleThumbnails(
  index: number,
  count: number,
  visible: number = IMAGE_VIEWER.visibleThumbnails,
): { start: number; end: number } {
  if (count <= 0 || visible <= 0) return { start: 0, end: 0 };
  const shown = Math.min(visible, count);
  const at = Math.min(Math.max(index, 0), count - 1);
  const start = Math.min(Math.max(at - Math.floor(shown / 2), 0), count - shown);
  return { start, end: start + shown };
}

/**
 * [GAL3] The gallery's width: IMAGE_GALLERY.maxWidth (480) px, IMAGE_GALLERY.expandedWidth (960)
 * when expanded, never wider than the room it has. A second tap within IMAGE_GALLERY.doubleTapGuardMs
 * (300 ms) of the first is the same tap (a double tap does not open and close the viewer).
 */
export function galleryWidth(expanded: boolean, available: number): number {
  const want = expanded ? IMAGE_GALLERY.expandedWidth : IMAGE_GALLERY.maxWidth;
  return Math.max(0, Math.min(want, Number.isFinite(available) ? available : want));
}

/** [GAL3] Whether a tap at `now` repeats the one at `last` (within the double-tap guard). */
export function isRepeatedTap(last: number | null, now: number): boolean {
  return last !== null && now - last >= 0 && now - last < IMAGE_GALLERY.doubleTapGuardMs;
}
