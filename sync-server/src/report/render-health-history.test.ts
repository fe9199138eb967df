import { describe, expect, it } from 'vitest';
import { reportInput, type ReportInput } from '@vigil/shared';
import { renderReportHtml } from './render.js';

const T0 = Date.UTC(2026, 10, 20, 14, 0);

/** A case charted with the health history's fields (issue 27), as copied into it and charted on the day. */
const CASE_DATA: Record<string, unknown> = {
  procedure: 'Extractions',
  procedureDate: '2026-11-20',
  events: { caseStart: T0, end: T0 + 40 * 60_000 },
  healthHistoryId: 'cmpHHX1',
  allergiesSummary: 'Penicillin',
  healthHistorySummary: 'Mild intermittent asthma',
  hospitalizationSummary: 'RSV bronchiolitis 2019',
  surgicalHistorySummary: 'Tonsillectomy 2022',
  anesthesiaHistorySummary: 'No known anesthesia complications',
  familyAnesthesiaHistorySummary: 'Father: PONV',
  healthHistoryNotes: 'Uses albuterol before exercise.',
  pregnant: 'possible',
  pregnancyDetail: 'LMP 5 weeks ago, test pending',
  breastfeeding: 'y',
  breastfeedingInstructionsGiven: true,
  rfr: { name: 'Dr. Ortiz', memId: 'M-77', time: '2026-11-02T00:00:00.000Z' },
  medications: [{ id: 'rx1', name: 'Albuterol' }],
  medicalConsult: true,
  medicalConsultNotes: 'Pediatrician cleared for sedation',
  mallampati: 'Class II',
  brodsky: '3+',
  ulbt: 'Class 3',
  tmd: 5.5,
  iid: 4.2,
  lungAuscultation: 'CTAB',
  heartAuscultation: 'RRR w/o murmur',
  systemsReview: {
    pulmonary: {
      hasEntries: true,
      entries: [{ id: 'e1', condition: 'asthma', answers: {} }],
    },
    cardiac: { hasEntries: false, entries: [] },
  },
  preOpChecklist: [{ id: 'c1', label: 'Consent signed', order: 1, complete: true }],
  optChecks: [
    { id: 'o2', label: 'Throat pack / oral partition removed', order: 2, complete: false },
    { id: 'o1', label: 'Throat pack / oral partition placed', order: 1, complete: true },
  ],
  startedOnRoomAir: true,
  finalRoomAirSpO2: 97,
  ebl: 15,
};

function input(over: Record<string, unknown> = {}): ReportInput {
  return reportInput({
    caseId: 'apt-hhx',
    patient: { id: 'pat-9', givenName: 'Mia', familyName: 'Ng', nickname: null, birthDate: '2017-03-02' },
    caseData: { ...CASE_DATA, ...over },
    generatedAt: T0 + 3_600_000,
  });
}

/** The text of one section or page of the rendered HTML, tags removed. */
function textOf(html: string, attr: string, id: string): string {
  const start = html.indexOf(`${attr}="${id}"`);
  if (start < 0) return '';
  const tag = attr === 'data-page' ? 'article' : 'section';
  const end = html.indexOf(`</${tag}>`, start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the report prints the health history fields of the case (issue 27; spec 002 §2, §3)', () => {
  it('[RP6] prints the health history section with pregnancy, breastfeeding and the referral', () => {
    const { html } = renderReportHtml(input(), null);
    const t = textOf(html, 'data-section', 'healthHistory');
    for (const s of [
      'Penicillin',
      'Mild intermittent asthma',
      'RSV bronchiolitis 2019',
      'Tonsillectomy 2022',
      'No known anesthesia complications',
      'Father: PONV',
      'Uses albuterol before exercise.',
      'Possibly',
      'LMP 5 weeks ago, test pending',
      'Dr. Ortiz, member M-77, 2026-11-02',
    ]) {
      expect(t).toContain(s);
    }
    expect(t).toMatch(/Breastfeeding\s*:?\s*Yes/);
    expect(t).toMatch(/Breastfeeding instructions given\s*:?\s*Yes/);
  });

  it('[RP6] prints the systems review by its catalogue labels (SR2), the medications, the consult and the physical assessment', () => {
    const { html } = renderReportHtml(input(), null);
    const review = textOf(html, 'data-section', 'systemsReview');
    expect(review).toContain('Asthma');
    expect(review).not.toContain('{');
    expect(textOf(html, 'data-section', 'medications')).toContain('Albuterol');
    expect(textOf(html, 'data-section', 'medicalConsult')).toContain('Pediatrician cleared for sedation');
    const physical = textOf(html, 'data-section', 'physicalAssessment');
    for (const s of ['Class II', '3+', 'Class 3', '5.5', '4.2', 'CTAB', 'RRR w/o murmur'])
      expect(physical).toContain(s);
  });

  it('[RP6] prints the classes and distances as the editor stores them (Mallampati II, upper lip bite 3, cm) as a clinician reads them', () => {
    const { html } = renderReportHtml(input({ mallampati: 'II', ulbt: '3', tmd: 5.5, iid: 4.2 }), null);
    const physical = textOf(html, 'data-section', 'physicalAssessment');
    for (const s of ['Class II', 'Class 3', '5.5 cm', '4.2 cm']) expect(physical).toContain(s);
    expect(physical).not.toContain('Class Class');
  });

  it('[RP6] prints the operative checks in their order beside the pre-op checklist, and EBL and final room-air SpO2', () => {
    const { html } = renderReportHtml(input(), null);
    const checks = textOf(html, 'data-section', 'preOpChecks');
    expect(checks).toContain('Consent signed');
    expect(checks).toContain('Operative check');
    expect(checks.indexOf('partition placed')).toBeLessThan(checks.indexOf('partition removed'));
    const discharge = textOf(html, 'data-section', 'discharge');
    expect(discharge).toContain('Final room air SpO2');
    expect(discharge).toContain('97');
    expect(discharge).toContain('Estimated blood loss (mL)');
    expect(discharge).toContain('15');
    expect(textOf(html, 'data-section', 'top')).toMatch(/Started on room air\s*:?\s*Yes/);
  });

  it('[RP6] leaves the discharge section out without its data, and prints it with only a final SpO2', () => {
    const bare = renderReportHtml(input({ finalRoomAirSpO2: null, ebl: null }), null).html;
    expect(bare).not.toContain('data-section="discharge"');
    const spo2Only = renderReportHtml(input({ ebl: null }), null).html;
    expect(textOf(spo2Only, 'data-section', 'discharge')).toContain('97');
  });

  it('[RP4] [RP7] moves the systems review, physical assessment and checks to the Preoperative Sedation/Anesthesia Checklist page when the case asks for it', () => {
    const { html } = renderReportHtml(input({ separatePreOpPage: true }), null);
    const preOp = textOf(html, 'data-page', 'preOp');
    expect(preOp).toContain('Preoperative Sedation/Anesthesia Checklist');
    for (const s of ['Asthma', 'Class 3', 'Throat pack / oral partition placed', 'Consent signed']) {
      expect(preOp).toContain(s);
    }
    const record = textOf(html, 'data-page', 'record');
    expect(record).not.toContain('Throat pack');
    // Skipped systems review: no separate page, and the record says it was skipped.
    const skipped = renderReportHtml(input({ separatePreOpPage: true, systemsReviewSkipped: true }), null).html;
    expect(skipped).not.toContain('data-page="preOp"');
    expect(textOf(skipped, 'data-section', 'systemsReview')).toContain('Systems review skipped.');
  });
});
