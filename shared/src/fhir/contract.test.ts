import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
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
          data: 'PHN2Zy8+',
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

  it('needs a time on every signature', () => {
    const signer = [{ ...baa.signer![0]!, signature: [{ type: [SIGNATURE_TYPE], who: { display: 'x' } }] }];
    expect(validateResource({ ...baa, signer })).toHaveLength(1);
  });
});
