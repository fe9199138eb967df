import { describe, expect, it } from 'vitest';
import type { OrgFormField } from './forms.js';

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
import { pngSize, submissionMissing, submissionValuesSchema } from './submission.js';

/** A PNG data URL whose IHDR says width × height (the pixel data is not needed to read the size). */
function png(width: number, height: number): string {
  const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  for (const n of [width, height]) bytes.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  bytes.push(8, 6, 0, 0, 0, 0, 0, 0, 0, 0);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `data:image/png;base64,${btoa(bin)}`;
}

const fields: OrgFormField[] = [
  { name: 'photo', label: 'Photo', type: 'selfie', required: true },
  { name: 'weight', label: 'Weight', type: 'bodyWeight', required: true },
  { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
  { name: 'history', label: 'Health History', type: 'healthHistory', required: false },
  { name: 'signerName', label: 'Signer Name', type: 'text', required: true },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
];

describe('patient submissions', () => {
  it('[PF5] reads a PNG size from its header, and nothing else as a PNG', () => {
    expect(pngSize(png(480, 480))).toEqual({ width: 480, height: 480 });
    expect(pngSize(png(660, 300))).toEqual({ width: 660, height: 300 });
    expect(pngSize('data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==')).toBeNull();
    expect(pngSize(`data:image/png;base64,${btoa('GIF89a-not-a-png-at-all!')}`)).toBeNull();
  });

  it('[PF5] checks each value by its field type and refuses fields the form does not have', () => {
    const schema = submissionValuesSchema(fields);
    const ok = {
      photo: png(480, 480),
      weight: '150 lb',
      allergies: [{ name: 'Penicillin', reaction: 'hives' }],
      history: { answers: { asthma: 'no', heartDisease: 'unsure' }, notes: 'none' },
      signerName: 'Ana Lopez',
      signature: png(660, 300),
    };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, photo: png(400, 480) }).success).toBe(false);
    expect(schema.safeParse({ ...ok, signature: 'data:image/svg+xml;base64,PHN2Zz4=' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, signature: `${png(10, 10)}${'A'.repeat(300_000)}` }).success).toBe(false);
    expect(schema.safeParse({ ...ok, weight: 'x'.repeat(41) }).success).toBe(false);
    expect(schema.safeParse({ ...ok, allergies: Array.from({ length: 51 }, () => ({ name: 'x' })) }).success).toBe(
      false,
    );
    expect(schema.safeParse({ ...ok, history: { answers: { asthma: 'maybe' } } }).success).toBe(false);
    expect(schema.safeParse({ ...ok, isAdmin: true }).success).toBe(false);
  });

  it("[PF6] lists what is still missing by label, then the acceptance checkbox's text", () => {
    expect(submissionMissing(fields, { weight: ' ', allergies: [] }, false)).toEqual([
      'Photo',
      'Weight',
      'Signer Name',
      'Signature',
      'I have read and agree to the above.',
    ]);
    expect(
      submissionMissing(fields, { photo: 'p', weight: '1', allergies: [], signerName: 'A', signature: 's' }, true),
    ).toEqual([]);
  });
});
