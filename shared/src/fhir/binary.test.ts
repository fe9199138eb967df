import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
import { binaryDataUri, type Binary } from './binary.js';

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

  it('has no text or extensions (a Binary is not a domain resource)', () => {
    expect(validateResource({ ...pdf, extension: [] })).toHaveLength(1);
  });
});
