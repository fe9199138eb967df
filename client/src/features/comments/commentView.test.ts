import { EDIT_STATUS_EXTENSION, type Communication } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { commentView, patientComments } from './commentView.js';

const comment = (id: string, sent: string, patch: Partial<Communication> = {}): Communication => ({
  resourceType: 'Communication',
  id,
  status: 'completed',
  subject: { reference: 'Patient/p1' },
  sender: { reference: 'Practitioner/d1', display: 'Dr Grey' },
  sent,
  payload: [{ contentString: `text of ${id}` }],
  ...patch,
});

describe('patient comments (spec 001 §3 Communication)', () => {
  it('[FC18] shows author, date, text and the appointment a comment is about', () => {
    expect(commentView(comment('a', '2026-11-01T09:00:00Z', { about: [{ reference: 'Appointment/ap1' }] }))).toEqual({
      id: 'a',
      author: 'Dr Grey',
      date: '2026-11-01T09:00:00Z',
      text: 'text of a',
      editStatus: null,
      appointmentId: 'ap1',
    });
    expect(commentView(comment('b', '2026-11-01T09:00:00Z', { sender: { reference: 'Practitioner/x' } })).author).toBe(
      'Unknown author',
    );
  });

  it('[FC18] shows an edited comment as edited and a deleted one without its text', () => {
    const edited = comment('e', '2026-11-01T09:00:00Z', {
      extension: [{ url: EDIT_STATUS_EXTENSION, valueCode: 'edited' }],
    });
    const deleted = comment('d', '2026-11-01T09:00:00Z', {
      extension: [{ url: EDIT_STATUS_EXTENSION, valueCode: 'deleted' }],
    });
    expect(commentView(edited)).toMatchObject({ editStatus: 'edited', text: 'text of e' });
    expect(commentView(deleted)).toMatchObject({ editStatus: 'deleted', text: null });
  });

  it("[FC18] lists the patient's comments newest first", () => {
    const list = [
      comment('old', '2026-10-01T09:00:00Z'),
      comment('other', '2026-12-01T09:00:00Z', { subject: { reference: 'Patient/p2' } }),
      comment('new', '2026-11-01T09:00:00Z'),
    ];
    expect(patientComments(list, 'p1').map((c) => c.id)).toEqual(['new', 'old']);
  });
});
