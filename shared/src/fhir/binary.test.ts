import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
import { binaryDataUri, type Binary } from './binary.js';
import { encodePng } from '../images/png.js';

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;

const pdf: Binary = { resourceType: 'Binary', contentType: 'application/pdf', data: 'JVBERi0xLjQK' };

describe('Binary', () => {
  it('accepts base64 data and derives its data URI (spec 001 §3)', () => {
    expect(validateResource(pdf)).toEqual([]);
    expect(binaryDataUri(pdf)).toBe('data:application/pdf;base64,JVBERi0xLjQK');
    expect(binaryDataUri({ resourceType: 'Binary', contentType: 'image/png' })).toBeNull();
  });

  it('refuses data that is not base64, and a missing content type', () => {
    expect(validateResource({ ...pdf, data: 'not base64!' })).toHaveLength(1);
    expect(validateResource({ resourceType: 'Binary', data: 'AAAA' })).toHaveLength(1);
  });

  it('[IM3] refuses image data that is not an image within the photo bounds (PNG or JPEG, 4096 × 4096)', () => {
    const png = (w: number, h: number): string => btoa(String.fromCharCode(...encodePng(w, h, () => [0, 0, 0])));
    expect(validateResource({ resourceType: 'Binary', contentType: 'image/png', data: png(2, 2) })).toEqual([]);
    expect(validateResource({ resourceType: 'Binary', contentType: 'image/png', data: 'JVBERi0xLjQK' })).toHaveLength(
      1,
    );
    expect(validateResource({ resourceType: 'Binary', contentType: 'image/jpeg', data: png(2, 2) })).toHaveLength(1);
    expect(
      validateResource({ resourceType: 'Binary', contentType: 'image/svg+xml', data: 'PHN2Zy8+' }).map((i) => i.code),
    ).toEqual(['INVALID_IMAGE']);
  });

  it('has no text or extensions (a Binary is not a domain resource)', () => {
    expect(validateResource({ ...pdf, extension: [] })).toHaveLength(1);
  });
});
