import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_EXTENSIONS,
  FINAL_SIGNER_CODES,
  PRACTITIONER_USER_SYSTEM,
  type Appointment,
  type Composition,
  type Practitioner,
} from '@vigil/shared';
import { addendaText, addendumHeading, finalizeRefusalText, listedAddenda, signerDecision } from './FinalizeSection.js';
import { clockDateTime } from '../../ui/format.js';
import { compositionSignedReport } from './useSignedReport.js';
import { FINALIZE_STEP_MESSAGES, splitNdjson } from './api.js';
import { dayRange, REPORT_REVIEW_FETCH_SIZE } from './FinalizedReportsList.js';
import { isUnsigned } from './UnsignedReportsPage.js';
import { COPY_TEXTS, SHARE_PDF_MODAL, sharePdfHref } from './SharePdfModal.js';
import { parseHashModal } from '../../session/hashModal.js';

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

describe('a finalized case opens on its signed PDF (issue 25)', () => {
  const composition = (over: Partial<Composition>): Composition => ({
    resourceType: 'Composition',
    status: 'final',
    type: { coding: [] },
    date: '2026-11-20T16:50:00.000Z',
    author: [{ display: 'Dr Who' }],
    title: 'Anesthesia Record',
    section: [{ title: 'Signed report', entry: [{ reference: 'Binary/bin-9' }] }],
    ...over,
  });

  it("finds the PDF from the Composition's Signed report section, with the signature time", () => {
    expect(compositionSignedReport(composition({}))).toEqual({
      pdfId: 'bin-9',
      signatureTime: Date.parse('2026-11-20T16:50:00.000Z'),
    });
    expect(compositionSignedReport(composition({ status: 'amended' }))?.pdfId).toBe('bin-9');
  });

  it('finds none for a case not signed, or reopened (preliminary), or without the section', () => {
    expect(compositionSignedReport(composition({ status: 'preliminary' }))).toBeNull();
    expect(compositionSignedReport(composition({ section: [] }))).toBeNull();
    expect(compositionSignedReport(null)).toBeNull();
  });

  it('says how many addenda the PDF holds', () => {
    expect(addendaText(0, 0)).toBe('No addenda yet.');
    expect(addendaText(1, 0)).toBe('1 addendum is signed and printed as the last pages of the PDF.');
    expect(addendaText(2, 1)).toBe('2 addenda are signed and printed as the last pages of the PDF.');
    expect(addendaText(null, 1)).toBe('1 addendum is signed and printed as the last pages of the PDF.');
    expect(addendaText(null, 0)).toBe('Signed addenda are printed as the last pages of the PDF.');
  });
});

describe('who signs (FS1–FS4, the rule the server applies)', () => {
  const started = { events: { caseStart: 1 }, userRole: 'other' };
  const practitioner = (name: string, userId?: string): Practitioner => ({
    resourceType: 'Practitioner',
    name: [{ text: name }],
    ...(userId ? { identifier: [{ system: PRACTITIONER_USER_SYSTEM, value: userId }] } : {}),
  });
  const user = { id: 'u1', name: 'Dr Signing' };

  it('[FS4] names the provider who signs, not the primary provider, when the organisation does not require them', () => {
    const d = signerDecision({
      caseData: started,
      primaryProvider: practitioner('Dr Grace Hopper'),
      mustBePrimary: false,
      user,
      userIsProvider: true,
    });
    expect(d).toMatchObject({ ok: true, signerName: 'Dr Signing' });
  });

  it('[FS2] refuses a signer without the provider role', () => {
    const d = signerDecision({
      caseData: started,
      primaryProvider: null,
      mustBePrimary: false,
      user,
      userIsProvider: false,
    });
    expect(d.ok).toBe(false);
    expect(!d.ok && d.issue.code).toBe(FINAL_SIGNER_CODES.signerNotProvider);
    expect(finalizeRefusalText(FINAL_SIGNER_CODES.signerNotProvider)).toBe(
      'Only a provider can sign and finalize a case.',
    );
  });

  it('[EW2] says why finalize is refused past the provider editing window', () => {
    expect(finalizeRefusalText('EDITING_WINDOW_CLOSED')).toBe(
      'The provider editing window of 24 hours has closed: this case can no longer be signed and finalized.',
    );
  });

  it('[FS3] with primaryProviderMustBeFinalSignerName only the primary provider signs', () => {
    const other = signerDecision({
      caseData: started,
      primaryProvider: practitioner('Dr Grace Hopper', 'u2'),
      mustBePrimary: true,
      user,
      userIsProvider: true,
    });
    expect(!other.ok && other.issue.code).toBe(FINAL_SIGNER_CODES.signerNotPrimaryProvider);
    const primary = signerDecision({
      caseData: started,
      primaryProvider: practitioner('Dr Grace Hopper', 'u1'),
      mustBePrimary: true,
      user,
      userIsProvider: true,
    });
    expect(primary).toMatchObject({ ok: true, signerName: 'Dr Grace Hopper' });
  });

  it('[FS1] a case never started cannot be signed', () => {
    const d = signerDecision({ caseData: {}, primaryProvider: null, mustBePrimary: false, user, userIsProvider: true });
    expect(!d.ok && d.issue.code).toBe(FINAL_SIGNER_CODES.caseNotStarted);
  });
});

describe('the addenda listed in the Report section (spec 001 §3, §5)', () => {
  const t1 = Date.UTC(2026, 10, 25, 14, 5);
  const t2 = Date.UTC(2026, 10, 25, 15, 30);
  const late = { title: 'Late entry', text: 'Doing well.', signerName: 'Dr Grace Hopper', signatureTime: t1 };
  const untitled = { title: null, text: 'Room 2.', signerName: 'Dr Ada Byron', signatureTime: t2 };

  it("lists the server's addenda and adds those signed here it has not answered with yet", () => {
    expect(listedAddenda([late], [late, untitled])).toEqual([late, untitled]);
    expect(listedAddenda([late, untitled], [])).toEqual([late, untitled]);
  });

  it('falls back to the addenda signed on this screen when the server could not be asked (offline)', () => {
    expect(listedAddenda(null, [untitled])).toEqual([untitled]);
    expect(listedAddenda(null, [])).toEqual([]);
  });

  it("names the title when there is one, the signer and the time in the app's one format", () => {
    expect(addendumHeading(late)).toBe(`Late entry, signed by Dr Grace Hopper on ${clockDateTime(t1)}`);
    expect(addendumHeading(untitled)).toBe(`Signed by Dr Ada Byron on ${clockDateTime(t2)}`);
  });
});
