import { describe, expect, it } from 'vitest';
import { validateResource, validateResourceChange } from './resources.js';
import { commentEditStatus, EDIT_STATUS_EXTENSION, type Communication } from './communication.js';

const comment: Communication = {
  resourceType: 'Communication',
  status: 'completed',
  subject: { reference: 'Patient/pat-1' },
  about: [{ reference: 'Appointment/apt-1' }],
  sender: { reference: 'Practitioner/prc-1', display: 'Dr. Rosa Diaz' },
  sent: '2026-11-21T10:00:00Z',
  payload: [{ contentString: 'Prefers the left arm for IV.' }],
  extension: [{ url: EDIT_STATUS_EXTENSION, valueCode: 'edited' }],
};

describe('Communication (patient comment)', () => {
  it('accepts an edited comment and reads its edit status', () => {
    expect(validateResource(comment)).toEqual([]);
    expect(commentEditStatus(comment)).toBe('edited');
  });

  it("refuses an unknown status or edit status with 'Invalid value'", () => {
    expect(validateResource({ ...comment, status: 'sent' }).map((i) => i.message)).toEqual(['Invalid value']);
    const ext = [{ url: EDIT_STATUS_EXTENSION, valueCode: 'hidden' }];
    expect(validateResource({ ...comment, extension: ext }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('keeps its patient', () => {
    const { subject: _s, ...orphan } = comment;
    expect(validateResourceChange(comment, orphan).map((i) => i.message)).toEqual(['Cannot delete this reference']);
  });
});
