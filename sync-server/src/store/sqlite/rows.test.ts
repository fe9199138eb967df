import { describe, expect, it } from 'vitest';
import { camelRow } from './rows.js';

describe('camelRow', () => {
  it('renames snake_case columns to camelCase and keeps every value as read', () => {
    const row = { pdf_id: 'p', signer_name: 'Dr A', signature_time: 5, superseded_by: null, title: 'T', x_2_y: 1 };
    expect(camelRow(row)).toEqual({
      pdfId: 'p',
      signerName: 'Dr A',
      signatureTime: 5,
      supersededBy: null,
      title: 'T',
      x2Y: 1,
    });
  });
});
