import { describe, expect, it } from 'vitest';
import { APPOINTMENT_EXTENSIONS, type Appointment } from '@vigil/shared';
import { FINALIZE_STEP_MESSAGES, splitNdjson } from './api.js';
import { dayRange, REPORT_REVIEW_FETCH_SIZE } from './FinalizedReportsList.js';
import { isUnsigned } from './UnsignedReportsPage.js';
import { COPY_TEXTS, SHARE_PDF_MODAL, sharePdfHref } from './SharePdfModal.js';
import { parseHashModal } from '../../app/session/hashModal.js';

describe('finalize progress (spec 001 §8)', () => {
  it('shows the step messages of spec 001 §8 exactly', () => {
    expect(FINALIZE_STEP_MESSAGES.pdfGen).toBe('Generating PDF');
    expect(FINALIZE_STEP_MESSAGES.saveUpdates).toBe('Saving report');
    expect(FINALIZE_STEP_MESSAGES.emrSaveStarted).toBe('Attempting to save to EMR');
    expect(FINALIZE_STEP_MESSAGES.savedToEmr).toBe('EMR save completed');
    expect(FINALIZE_STEP_MESSAGES.emrSaveFailed).toBe('EMR save failed');
  });

  it('reads whole NDJSON lines and keeps a partial one for the next chunk (spec 002 §7)', () => {
    const first = splitNdjson('{"step":"pdfGen"}\n{"step":"saveUp');
    expect(first.lines).toEqual([{ step: 'pdfGen' }]);
    const second = splitNdjson(`${first.rest}dates"}\n{"step":"done","data":{"pdfId":"bin-1"}}\n`);
    expect(second.lines.map((l) => l.step)).toEqual(['saveUpdates', 'done']);
    expect(second.rest).toBe('');
  });
});

describe('report review (spec 000 §9)', () => {
  it('fetches 20 at a time', () => {
    expect(REPORT_REVIEW_FETCH_SIZE).toBe(20);
  });

  it('turns a date filter into a signature-time range with the last day included', () => {
    const r = dayRange('2026-11-01', '2026-11-02');
    expect(r.to! - r.from!).toBe(2 * 24 * 60 * 60 * 1000);
    expect(dayRange('', '')).toEqual({ from: null, to: null });
  });

  const apt = (over: Partial<Appointment>): Appointment => ({
    resourceType: 'Appointment',
    status: 'booked',
    start: '2026-11-20T14:00:00Z',
    end: '2026-11-20T15:00:00Z',
    participant: [{ status: 'accepted', actor: { reference: 'Patient/p' } }],
    ...over,
  });
  const now = Date.parse('2026-11-21T00:00:00Z');

  it.each([
    ['a started booked case without a PDF', apt({}), true],
    ['a cancelled case', apt({ status: 'cancelled' }), false],
    ['a case not started yet', apt({ start: '2026-11-22T14:00:00Z', end: '2026-11-22T15:00:00Z' }), false],
    [
      'a signed case',
      apt({
        extension: [
          {
            url: APPOINTMENT_EXTENSIONS.pdf,
            valueReference: { reference: 'Binary/bin-1' },
          },
        ],
      }),
      false,
    ],
  ])('%s is unsigned: %s', (_, appointment, unsigned) => {
    expect(isUnsigned(appointment, now)).toBe(unsigned);
  });
});

describe('sharePdf (spec 000 §2)', () => {
  it('opens through the URL hash with the organisation and the PDF as props', () => {
    expect(SHARE_PDF_MODAL).toBe('sharePdf');
    expect(parseHashModal(sharePdfHref('org-a', 'bin-1'))).toEqual({
      name: 'sharePdf',
      props: { orgId: 'org-a', pdfId: 'bin-1' },
    });
  });

  it('copies with the texts of spec 002 §4 exactly, the error with its full stop', () => {
    expect([COPY_TEXTS.loading, COPY_TEXTS.success, COPY_TEXTS.error]).toEqual([
      'Copying...',
      'Copied!',
      'Failed to copy, try again.',
    ]);
  });
});
