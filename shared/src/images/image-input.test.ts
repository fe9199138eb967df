import { describe, expect, it } from 'vitest';
import { IMAGE_INPUT } from '../constants/widgets.js';
import { INVALID_FILE_TYPE, isImageFile, squareCrop } from './image-input.js';

describe('the image input (spec 002 §2, §5, §9)', () => {
  it('[PH1] writes WebP 480 × 480 at quality 0.8 on white', () => {
    expect(IMAGE_INPUT).toEqual({ targetSize: 480, quality: 0.8, format: 'image/webp', background: 'white' });
  });

  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/webp', true],
    ['image/heic', true],
    ['application/pdf', false],
    ['text/plain', false],
    ['', false],
  ])('[PH2] takes a file of type %j: %s', (type, ok) => {
    expect(isImageFile(type)).toBe(ok);
    expect(INVALID_FILE_TYPE).toBe('Invalid file type!');
  });

  it.each([
    // 640 × 480 camera frame: the centred 480 square starts at x = (640 - 480) / 2 = 80.
    ['a landscape frame, centred', [640, 480, 1, 0, 0], { sx: 80, sy: 0, size: 480 }],
    // Portrait 300 × 500: square 300, y = (500 - 300) / 2 = 100.
    ['a portrait photo, centred', [300, 500, 1, 0, 0], { sx: 0, sy: 100, size: 300 }],
    // Zoom 2 on 640 × 480: square 240, free room x = 200, y = 120.
    ['zoomed twice', [640, 480, 2, 0, 0], { sx: 200, sy: 120, size: 240 }],
    // Panned fully left and down: x = 200 - 200 = 0, y = 120 + 120 = 240.
    ['zoomed and panned to the edges', [640, 480, 2, -1, 1], { sx: 0, sy: 240, size: 240 }],
    // Zoom and pan beyond their ranges are held to them (zoom 4, pan 1).
    ['held within the image', [640, 480, 9, 5, -5], { sx: 520, sy: 0, size: 120 }],
  ])('[PH3] crops %s', (_name, [w, h, zoom, px, py], crop) => {
    expect(squareCrop(w!, h!, zoom, px, py)).toEqual(crop);
  });

  it('[PH3] crops nothing from an image without pixels', () => {
    expect(squareCrop(0, 480)).toBeNull();
  });
});
