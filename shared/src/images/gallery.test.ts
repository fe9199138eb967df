import { describe, expect, it } from 'vitest';
import { galleryWidth, isRepeatedTap, viewerIndexAfterKey, visibleThumbnails } from './gallery.js';

describe('the image viewer and gallery', () => {
  it('[GAL1] moves with the arrow keys and stops at the ends', () => {
    expect(viewerIndexAfterKey(0, 3, 'ArrowRight')).toBe(1);
    expect(viewerIndexAfterKey(2, 3, 'ArrowRight')).toBe(2);
    expect(viewerIndexAfterKey(1, 3, 'ArrowLeft')).toBe(0);
    expect(viewerIndexAfterKey(0, 3, 'ArrowLeft')).toBe(0);
    expect(viewerIndexAfterKey(1, 3, 'Home')).toBe(0);
    expect(viewerIndexAfterKey(0, 3, 'End')).toBe(2);
    expect(viewerIndexAfterKey(1, 3, 'a')).toBe(1);
  });

  it('[GAL1] brings an index within range and answers -1 with no images', () => {
    expect(viewerIndexAfterKey(7, 3, 'Enter')).toBe(2);
    expect(viewerIndexAfterKey(-2, 3, 'ArrowRight')).toBe(1);
    expect(viewerIndexAfterKey(Number.NaN, 3, 'x')).toBe(0);
    expect(viewerIndexAfterKey(0, 0, 'ArrowRight')).toBe(-1);
  });

  it('[GAL2] shows at most 5 thumbnails, the shown image centred while it can be', () => {
    expect(visibleThumbnails(0, 3)).toEqual({ start: 0, end: 3 });
    expect(visibleThumbnails(0, 10)).toEqual({ start: 0, end: 5 });
    expect(visibleThumbnails(5, 10)).toEqual({ start: 3, end: 8 });
    expect(visibleThumbnails(9, 10)).toEqual({ start: 5, end: 10 });
    expect(visibleThumbnails(0, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleThumbnails(4, 10, 2)).toEqual({ start: 3, end: 5 });
  });

  it('[GAL3] is 480 wide, 960 expanded, never wider than its room', () => {
    expect(galleryWidth(false, 1440)).toBe(480);
    expect(galleryWidth(true, 1440)).toBe(960);
    expect(galleryWidth(true, 700)).toBe(700);
    expect(galleryWidth(false, -5)).toBe(0);
  });

  it('[GAL3] takes a second tap within 300 ms as the same tap', () => {
    expect(isRepeatedTap(null, 1000)).toBe(false);
    expect(isRepeatedTap(1000, 1299)).toBe(true);
    expect(isRepeatedTap(1000, 1300)).toBe(false);
    expect(isRepeatedTap(1000, 900)).toBe(false);
  });
});
