import type { OrgFormField } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS } from './answers.js';
import { linkErrorText, LOADING_ERROR, submitErrorText } from './PatientFormPage.js';
import { historyValue, submitValues } from './submit.js';

const f = (name: string, type: OrgFormField['type']): OrgFormField => ({ name, label: name, type, required: true });

describe('submitting a patient form', () => {
  it('[FC14] sends each answered field by its name in the shape the server takes', () => {
    const fields = [
      f('height', 'bodyHeight'),
      f('weight', 'bodyWeight'),
      f('signerName', 'text'),
      f('signature', 'signature'),
      f('photo', 'selfie'),
      f('allergies', 'allergies'),
      f('medications', 'medications'),
      f('other', 'text'),
    ];
    const values = submitValues(
      fields,
      {
        ...EMPTY_ANSWERS,
        text: { height: ' 5 ft 6 in ', weight: '150 lb', signerName: 'Ann Lee', other: '  ' },
        signature: { signature: 'M 1 1 L 5 5' },
        selfie: { photo: 'data:image/png;base64,AAAA' },
        allergies: {
          allergies: {
            none: false,
            items: [
              { name: 'Penicillin', reaction: 'hives' },
              { name: ' ', reaction: '' },
              { name: 'Latex', reaction: '' },
            ],
          },
        },
        medications: { medications: { none: true, items: [] } },
      },
      (path) => `png of ${path}`,
    );
    expect(values).toEqual({
      height: '5 ft 6 in',
      weight: '150 lb',
      signerName: 'Ann Lee',
      signature: 'png of M 1 1 L 5 5',
      photo: 'data:image/png;base64,AAAA',
      allergies: [{ name: 'Penicillin', reaction: 'hives' }, { name: 'Latex' }],
      medications: [],
    });
  });

  it("[FC13] sends the patient's health answers by question id, ticked conditions and their own words as notes", () => {
    expect(
      historyValue({
        categories: {
          cardiac: { answer: 'yes', conditions: ['hypertension'], details: 'on lisinopril' },
          renal: { answer: 'no', conditions: [], details: 'ignored' },
        },
        extra: { surgery: { answer: 'yes', details: 'knee, 2019' }, hospital: { answer: 'no', details: '' } },
      }),
    ).toEqual({
      answers: { cardiac: 'yes', 'cardiac.hypertension': 'yes', renal: 'no', surgery: 'yes', hospital: 'no' },
      notes:
        'Do you have, or have you had, a heart problem or high blood pressure? on lisinopril\nHave you had any surgery? knee, 2019',
    });
    expect(historyValue({ categories: {}, extra: {} })).toEqual({ answers: {} });
  });

  it("[FC15] tells the patient why a link does not open, and 'Error, loading document. Please refresh the page.' otherwise (spec 000 §8)", () => {
    expect(linkErrorText('LINK_EXPIRED', 'Bright Smiles')).toBe(
      'This link has expired. Please ask Bright Smiles to send you a new one.',
    );
    expect(linkErrorText('LINK_USED')).toBe('This form has already been completed. Thank you.');
    expect(linkErrorText('REQUEST_ERROR_500')).toBe(LOADING_ERROR);
    expect(LOADING_ERROR).toBe('Error, loading document. Please refresh the page.');
    expect(submitErrorText('NETWORK_ERROR')).toContain('Your answers are kept');
  });
});
