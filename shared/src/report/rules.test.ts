import { describe, expect, it } from 'vitest';
import { REPORT_DEFAULTS } from '../constants/widgets.js';
import { reportInput } from './model.js';
import {
  finalSignerName,
  hasSeparatePreOpPage,
  recordSections,
  RECORD_SECTIONS,
  reportFileName,
  reportPages,
  reportTitle,
  sectionHasContent,
} from './rules.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="20"><path d="M0 10 L100 10"/></svg>';

describe('report pages (spec 002 §2 "Printable report")', () => {
  it('[RP5] always has the Anesthesia Record, alone for a case that does not track vitals', () => {
    expect(reportPages({ caseData: { vitalsTrackingEnabled: false }, addenda: [] })).toEqual(['record']);
  });

  it('[RP5] has the Vitals Data Reference whenever vitals tracking is on, a case that never set the switch included', () => {
    // The Start section shows an unset switch as on (its fallback), so the case tracked vitals.
    expect(reportPages({ caseData: {}, addenda: [] })).toEqual(['record', 'vitalsData']);
  });

  const off = { vitalsTrackingEnabled: false };
  it.each([
    [{ ...off, waves: [{ name: 'Pleth', svg: SVG }] }, ['record', 'waves']],
    [{ ...off, waves: [] }, ['record']],
    [{ ...off, waves: [{ name: 'no svg', svg: '' }] }, ['record']],
    [{ vitalsTrackingEnabled: true }, ['record', 'vitalsData']],
    [{ vitalsTrackingEnabled: false }, ['record']],
    [{ ...off, separatePreOpPage: true }, ['record', 'preOp']],
    [{ ...off, separatePreOpPage: true, systemsReviewSkipped: true }, ['record']],
    [{ ...off, separatePreOpPage: false, systemsReviewSkipped: false }, ['record']],
    [
      { waves: [{ svg: SVG }], vitalsTrackingEnabled: true, separatePreOpPage: true },
      ['record', 'waves', 'vitalsData', 'preOp'],
    ],
  ])('[RP3][RP4][RP5] case data %j gives pages %j', (caseData, pages) => {
    expect(reportPages({ caseData, addenda: [] })).toEqual(pages);
  });

  it('[RP5] ends with one page per signed addendum', () => {
    const a = { title: 't', text: 'x', signerName: 's', signature: 'M 0 0 L 1 1', signatureTime: 1 };
    expect(reportPages({ caseData: { vitalsTrackingEnabled: true }, addenda: [a, a] })).toEqual([
      'record',
      'vitalsData',
      'addenda',
      'addenda',
    ]);
  });

  it('[RP4] the separate pre-op page needs the flag and a systems review that was not skipped', () => {
    expect(hasSeparatePreOpPage({ separatePreOpPage: true })).toBe(true);
    expect(hasSeparatePreOpPage({ separatePreOpPage: true, systemsReviewSkipped: true })).toBe(false);
    expect(hasSeparatePreOpPage({})).toBe(false);
  });
});

describe('Anesthesia Record sections (spec 002 §2, §3)', () => {
  it('[RP7] lists the sections of spec 002 §2 in order', () => {
    expect(RECORD_SECTIONS.map(([id]) => id)).toEqual([
      'top',
      'healthHistory',
      'systemsReview',
      'medications',
      'medicalConsult',
      'physicalAssessment',
      'preAnesthesiaRisk',
      'surgicalTimeout',
      'preOpChecks',
      'preProcedureMeds',
      'oralSedatives',
      'localAnesthetics',
      'parenteral',
      'drugTotals',
      'infusions',
      'inhalation',
      'ivFluids',
      'airway',
      'position',
      'events',
      'notes',
      'recoveryNotes',
      'ecgRhythm',
      'discharge',
      'signatures',
      'signoffOverrides',
    ]);
  });

  it('[RP6] an empty case prints only the top section', () => {
    expect(recordSections({})).toEqual(['top']);
  });

  const dose = (route: string, extra: Record<string, unknown> = {}) => ({
    drugsAdministered: [{ name: 'Drug', doses: [{ route, amount: 1, unit: 'mg', time: 0, ...extra }] }],
  });
  it.each([
    ['healthHistory', { allergiesSummary: 'Penicillin' }],
    ['healthHistory', { pregnant: false }],
    ['systemsReview', { systemsReviewSkipped: true }],
    ['systemsReview', { systemsReview: { cardiac: { hasEntries: true, entries: ['Murmur'] } } }],
    ['medications', { medications: [{ id: 1, name: 'Lisinopril' }] }],
    ['medications', { medicationsText: 'none' }],
    ['medicalConsult', { medicalConsult: true }],
    ['medicalConsult', { medicalConsultNotes: 'Cleared by cardiology' }],
    ['physicalAssessment', { mallampati: 'II' }],
    ['preAnesthesiaRisk', { preProcedureRiskAssessment: 'Low' }],
    ['surgicalTimeout', { timeoutText: ['Site confirmed'] }],
    ['surgicalTimeout', { events: { timeout: 1000 } }],
    ['preOpChecks', { preOpChecklist: [{ label: 'NPO', order: 1, complete: true }] }],
    ['preProcedureMeds', { preMeds: [{ drugId: 'triazolam', drugName: 'Triazolam', dosage: 0.25, unit: 'mg' }] }],
    ['preProcedureMeds', dose('PO', { isPreProcedure: true })],
    ['oralSedatives', dose('PO')],
    ['localAnesthetics', { localDoses: [{ drugVariantId: 'x', mg: 36 }] }],
    ['parenteral', dose('IV')],
    ['infusions', dose('infusion')],
    ['infusions', { infusionDrugs: [{ name: 'Propofol' }] }],
    ['inhalation', dose('inhalation')],
    ['ivFluids', dose('fluid')],
    ['ivFluids', { ivSites: [{ name: 'Hand' }] }],
    ['airway', { airways: [{ type: 'nc' }] }],
    ['position', { positions: [{ name: 'Supine', time: 0 }] }],
    ['events', { events: { caseStart: 0 } }],
    ['notes', { procedureNotes: 'Uneventful' }],
    ['recoveryNotes', { recoveryNotes: 'Awake' }],
    ['ecgRhythm', { waves: [{ type: 'ecg', svg: SVG }] }],
    ['discharge', { dischargeScoreEntries: { aldretePain: { score: 2 } } }],
    ['discharge', { otherLocalAnesthetics: 'Topical benzocaine' }],
    ['drugTotals', dose('IV')],
    ['drugTotals', dose('PO')],
    ['signatures', { signatures: [{ name: 'Dr Recorder', signature: 'M 1 1 L 2 2', time: 0 }] }],
    [
      'signoffOverrides',
      { signoffOverrides: [{ flagKey: 'SO6:x', flagId: 'SO6', reason: 'Monitor lost', name: 'Dr A' }] },
    ],
  ] as const)('[RP6] %s is printed when the case holds %j', (section, caseData) => {
    expect(sectionHasContent(section, caseData)).toBe(true);
    expect(recordSections(caseData)).toContain(section);
  });

  it.each([
    ['healthHistory', { allergiesSummary: '   ' }],
    ['systemsReview', { systemsReview: { cardiac: { hasEntries: false, entries: [] } } }],
    ['medications', { medications: [{ id: 1, name: '' }] }],
    ['preProcedureMeds', { preMeds: [{ drugName: 'No id' }] }], // spec 001 §5: pre-meds count only with drugId and drugName
    ['preOpChecks', { preOpChecklist: [{ order: 1 }] }],
    ['oralSedatives', dose('PO', { isPreProcedure: true })],
    ['parenteral', { drugsAdministered: [{ name: '', doses: [{ route: 'IV', amount: 1 }] }] }],
    ['events', { events: { caseStart: null } }],
    ['ecgRhythm', { waves: [{ type: 'pleth', svg: SVG }] }],
    ['drugTotals', dose('inhalation', { unit: 'L/min' })],
    ['signatures', { signatures: [{ name: '  ' }] }],
  ] as const)('[RP6] %s is left out for %j', (section, caseData) => {
    expect(sectionHasContent(section, caseData)).toBe(false);
  });

  it('[RP7] moves the pre-op sections to their own page when it exists', () => {
    const caseData = {
      separatePreOpPage: true,
      systemsReview: { cardiac: { hasEntries: true } },
      mallampati: 'I',
      preProcedureRiskAssessment: 'Low',
      preOpChecklist: [{ label: 'NPO' }],
      procedureNotes: 'Notes',
    };
    expect(recordSections(caseData)).toEqual(['top', 'notes']);
    expect(recordSections({ ...caseData, separatePreOpPage: false })).toEqual([
      'top',
      'systemsReview',
      'physicalAssessment',
      'preAnesthesiaRisk',
      'preOpChecks',
      'notes',
    ]);
  });
});

describe('final signer (spec 001 §6)', () => {
  it.each([
    [{ userRole: 'other' }, false, 'Dr Primary'],
    [{ userRole: 'sedationProvider', surgeonName: 'Dr Cut' }, false, 'Dr Primary'],
    [{ userRole: 'surgeon', sedationProviderName: 'Dr Sleep' }, false, 'Dr Sleep'],
    // primaryProviderMustBeFinalSignerName (spec 000 §3): the primary provider signs.
    [{ userRole: 'surgeon', sedationProviderName: 'Dr Sleep' }, true, 'Dr Primary'],
    [{}, false, 'Dr Primary'],
  ])('[RP8] %j with the flag %s is signed by %s', (caseData, flag, signer) => {
    expect(finalSignerName(caseData, 'Dr Primary', flag)).toBe(signer);
  });

  it('[RP8] nobody is known without a primary provider in an other-role case', () => {
    expect(finalSignerName({ userRole: 'other' }, null, false)).toBeNull();
  });
});

describe('title and file name (spec 002 §2, §5)', () => {
  const patient = { id: 'p', givenName: 'Zoë', familyName: 'Smith/Jones', nickname: null, birthDate: null };
  it('[RP9] generates a cleaned title from the patient and the procedure date', () => {
    const input = reportInput({ caseId: 'c', patient, caseData: { procedureDate: '2026-11-20' }, generatedAt: 0 });
    expect(reportTitle(input)).toBe('Anesthesia Record - Smith-Jones, Zo - 2026-11-20');
  });

  it('[RP9] falls back to the generated date and keeps to 100 characters', () => {
    const long = { ...patient, familyName: 'L'.repeat(200) };
    const title = reportTitle(
      reportInput({ caseId: 'c', patient: long, caseData: {}, generatedAt: Date.UTC(2026, 0, 5) }),
    );
    expect(title.length).toBe(REPORT_DEFAULTS.titleMaxLength);
    expect(
      reportTitle(reportInput({ caseId: 'c', patient, caseData: {}, generatedAt: Date.UTC(2026, 0, 5) })),
    ).toContain('2026-01-05');
  });

  it('[RP9] the file name is the cleaned title with .pdf', () => {
    expect(reportFileName('a:b')).toBe('a-b.pdf');
    expect(reportFileName('')).toBe('untitled.pdf');
  });

  it('report defaults: print width 1080, max duration 24 h (spec 002 §3, §9)', () => {
    const input = reportInput({ caseId: 'c', patient, caseData: {}, generatedAt: 0 });
    expect(input.printWidth).toBe(1080);
    expect(input.maxDurationMs).toBe(24 * 60 * 60 * 1000);
  });
});
