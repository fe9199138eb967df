import { describe, expect, it } from 'vitest';
import type { OrgFormField } from './forms.js';
import { encodePng, pngFile } from '../images/png.js';
import { FIELD_VALUE_SCHEMAS, submissionMissing, submissionValuesSchema } from './submission.js';

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
const dataUrl = (bytes: Uint8Array): string => `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
/** A white PNG data URL of width × height. */
const png = (width: number, height: number): string => dataUrl(encodePng(width, height, () => [255, 255, 255]));

const fields: OrgFormField[] = [
  { name: 'photo', label: 'Photo', type: 'selfie', required: true },
  { name: 'weight', label: 'Weight', type: 'bodyWeight', required: true },
  { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
  { name: 'history', label: 'Health History', type: 'healthHistory', required: false },
  { name: 'signerName', label: 'Signer Name', type: 'text', required: true },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
];

describe('patient submissions', () => {
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
    expect(schema.safeParse({ ...ok, signature: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, weight: 'x'.repeat(41) }).success).toBe(false);
    expect(schema.safeParse({ ...ok, allergies: Array.from({ length: 51 }, () => ({ name: 'x' })) }).success).toBe(
      false,
    );
    expect(schema.safeParse({ ...ok, history: { answers: { asthma: 'maybe' } } }).success).toBe(false);
    expect(schema.safeParse({ ...ok, isAdmin: true }).success).toBe(false);
  });

  it('[PF5][IM1] refuses a signature whose image is too large in pixels, whatever its size in bytes, and says so', () => {
    // 20000 × 20000 at 1 bit per pixel: ~50 KB of PNG, 400 megapixels once decoded (issue 35 item 7).
    const bomb = dataUrl(pngFile({ width: 20000, height: 20000, depth: 1, colour: 0 }, new Uint8Array(2501 * 20000)));
    expect(bomb.length).toBeLessThan(100_000);
    const result = FIELD_VALUE_SCHEMAS.signature.safeParse(bomb);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The image is too large: it may be at most 3000 × 1500 pixels.');
    // The pad's own output at a device pixel ratio of 2 is accepted.
    expect(FIELD_VALUE_SCHEMAS.signature.safeParse(png(1320, 600)).success).toBe(true);
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
