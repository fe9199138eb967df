import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
import { pngFile } from '../images/png.js';
import { signatureSvg, utf8ToBase64 } from '../orgs/baa.js';
import { BAA_TITLE, SIGNATURE_TYPE, type Contract } from './contract.js';

const baa: Contract = {
  resourceType: 'Contract',
  status: 'executed',
  title: BAA_TITLE,
  version: '1',
  signer: [
    {
      type: { code: 'covered-entity' },
      party: { display: 'Jane Smith, Main Street Dental' },
      signature: [
        {
          type: [SIGNATURE_TYPE],
          when: '2026-11-21T10:00:00Z',
          who: { display: 'Jane Smith' },
          sigFormat: 'image/svg+xml',
          data: utf8ToBase64(signatureSvg('M 10 10 L 120 40')),
        },
      ],
    },
  ],
};

describe('Contract', () => {
  it("accepts the 'Business Associate Agreement' with a signature", () => {
    expect(baa.title).toBe('Business Associate Agreement');
    expect(validateResource(baa)).toEqual([]);
  });

  it("refuses an unknown status with 'Invalid value'", () => {
    expect(validateResource({ ...baa, status: 'signed' }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('[IM3][IM4] refuses a signature image past the signature bounds, raster or SVG', () => {
    const withSignature = (sigFormat: string, data: string): Contract => ({
      ...baa,
      signer: [{ ...baa.signer![0]!, signature: [{ ...baa.signer![0]!.signature[0]!, sigFormat, data }] }],
    });
    const bomb = pngFile({ width: 20000, height: 20000, depth: 1, colour: 0 }, new Uint8Array(1));
    const png = btoa(String.fromCharCode(...bomb));
    expect(validateResource(withSignature('image/png', png)).map((i) => [i.code, i.message])).toEqual([
      ['INVALID_IMAGE', 'The image is too large: it may be at most 3000 × 1500 pixels.'],
    ]);
    expect(validateResource(withSignature('image/svg+xml', utf8ToBase64('<svg/>')))).toHaveLength(1);
  });

  it('needs a time on every signature', () => {
    const signer = [{ ...baa.signer![0]!, signature: [{ type: [SIGNATURE_TYPE], who: { display: 'x' } }] }];
    expect(validateResource({ ...baa, signer })).toHaveLength(1);
  });
});
