import { caseRoleNames } from '../rules/case-roles.js';
import { cleanReportTitle } from '../rules/report.js';
import { USER_ROLES, type UserRole } from '../enums.js';
import type { ReportInput } from './model.js';
import { reportPatientName } from './model.js';
import { records, record, text, timeOf, type CaseRecord } from '../case-data/read.js';
import { routeGroup, type RouteGroup } from '../rules/drugs.js';
import { drugTotalRows } from './totals.js';
import { DRUG_ROUTES, type DrugRoute } from '../enums.js';

/** Printable report rules (spec 002 §2 "Printable report", §3, §5; spec 001 §6). */

/** The report's pages, in print order (spec 002 §2). */
export const REPORT_PAGES = {
  record: 'Anesthesia Record',
  waves: 'Captured Waveforms',
  vitalsData: 'Vitals Data Reference',
  preOp: 'Preoperative Sedation/Anesthesia Checklist',
  addenda: 'Addendum',
} as const;
export type ReportPageId = keyof typeof REPORT_PAGES;

/** [RP3] A wave is printable when it has an SVG (the schema refuses unsafe ones, spec 001 §5). */
export function printableWaves(caseData: CaseRecord): CaseRecord[] {
  return records(caseData.waves).filter((w) => typeof w.svg === 'string' && w.svg.trim() !== '');
}

/** [RP4] The pre-op checklist has its own page only when the systems review was not skipped and the case asks for it. */
export function hasSeparatePreOpPage(caseData: CaseRecord): boolean {
  return caseData.systemsReviewSkipped !== true && caseData.separatePreOpPage === true;
}

/**
 * [RP5] The report's pages (spec 002 §2): the Anesthesia Record always; Captured Waveforms only
 * with waveforms; Vitals Data Reference whenever vitals tracking is on (a case that never set the
 * switch tracks vitals, as its Start section shows: only an explicit false turns it off); the Preoperative
 * Sedation/Anesthesia Checklist only when the systems review was not skipped and the case has the
 * separate pre-op page flag; one page per signed addendum.
 */
export function reportPages(input: Pick<ReportInput, 'caseData' | 'addenda'>): ReportPageId[] {
  const pages: ReportPageId[] = ['record'];
  if (printableWaves(input.caseData).length > 0) pages.push('waves');
  if (input.caseData.vitalsTrackingEnabled !== false) pages.push('vitalsData');
  if (hasSeparatePreOpPage(input.caseData)) pages.push('preOp');
  for (let i = 0; i < input.addenda.length; i++) pages.push('addenda');
  return pages;
}

/**
 * The Anesthesia Record's sections, in the order of spec 002 §2, with two of Vigil's (issue 25,
 * docs/decisions.md): Drug Totals after the parenteral drugs (spec 001 §3 drug totals with
 * maxDose and pctOfMax) and Signatures at the end (spec 001 §3 signatures: name, signature, time),
 * then the sign-off overrides the signer gave at finalize (issue 29: flag, reason, user, time).
 */
export const RECORD_SECTIONS = [
  ['top', ''],
  ['healthHistory', 'Health History'],
  ['systemsReview', 'Systems Review'],
  ['medications', 'Medications'],
  ['medicalConsult', 'Medical Consult Notes'],
  ['physicalAssessment', 'Physical Assessment'],
  ['preAnesthesiaRisk', 'Pre-Anesthesia Risk'],
  ['surgicalTimeout', 'Surgical Timeout'],
  ['preOpChecks', 'Pre-Op Checks'],
  ['preProcedureMeds', 'Pre-Procedure Medications and Sedatives'],
  ['oralSedatives', 'Oral Sedatives'],
  ['localAnesthetics', 'Local Anesthetics'],
  ['parenteral', 'Parenteral Drugs'],
  ['drugTotals', 'Drug Totals'],
  ['infusions', 'Infusion Drugs'],
  ['inhalation', 'Inhalation Agents'],
  ['ivFluids', 'IV and Fluids'],
  ['airway', 'Airway'],
  ['position', 'Position'],
  ['events', 'Events'],
  ['notes', 'Notes'],
  ['recoveryNotes', 'Recovery Notes'],
  ['ecgRhythm', 'ECG Rhythm Reference'],
  ['discharge', 'Discharge Score and Other Local Anesthetics'],
  ['signatures', 'Signatures'],
  ['signoffOverrides', 'Sign-off overrides'],
] as const;
export type RecordSectionId = (typeof RECORD_SECTIONS)[number][0];

/** Sections that move to the separate pre-op page when it exists (RP4). */
export const PRE_OP_PAGE_SECTIONS: readonly RecordSectionId[] = [
  'systemsReview',
  'physicalAssessment',
  'preAnesthesiaRisk',
  'preOpChecks',
];

const HEALTH_HISTORY_FIELDS = [
  'allergiesSummary',
  'healthHistorySummary',
  'hospitalizationSummary',
  'surgicalHistorySummary',
  'anesthesiaHistorySummary',
  'familyAnesthesiaHistorySummary',
  'healthHistoryNotes',
  'pregnant',
  'pregnancyDetail',
  'breastfeeding',
  'breastfeedingInstructionsGiven',
] as const;
const PHYSICAL_FIELDS = [
  'mallampati',
  'brodsky',
  'ulbt',
  'tmd',
  'iid',
  'lungAuscultation',
  'heartAuscultation',
] as const;

/** A dose's route as a route group, or null for a dose without a known route. */
export function doseGroup(dose: CaseRecord): RouteGroup | null {
  const route = dose.route;
  return typeof route === 'string' && (DRUG_ROUTES as readonly string[]).includes(route)
    ? routeGroup(route as DrugRoute)
    : null;
}

/** Every charted dose of `drugsAdministered` with its drug's name. */
export function drugDoses(caseData: CaseRecord): { name: string; dose: CaseRecord; group: RouteGroup | null }[] {
  return records(caseData.drugsAdministered).flatMap((drug) => {
    const name = text(drug.name);
    if (name === null) return [];
    return records(drug.doses).map((dose) => ({ name, dose, group: doseGroup(dose) }));
  });
}

/** Systems review categories with entries (spec 001 §3). */
export function systemsReviewEntries(caseData: CaseRecord): { category: string; entries: unknown[] }[] {
  const review = record(caseData.systemsReview);
  if (!review) return [];
  return Object.entries(review).flatMap(([category, value]) => {
    const c = record(value);
    const entries = Array.isArray(c?.entries) ? c.entries : [];
    return c?.hasEntries === true || entries.length > 0 ? [{ category, entries }] : [];
  });
}

/** Pre-meds that count (spec 001 §5: only with drugId and drugName). */
export function countedPreMeds(caseData: CaseRecord): CaseRecord[] {
  return records(caseData.preMeds).filter((p) => p.drugId != null && text(p.drugName) !== null);
}

function anyText(caseData: CaseRecord, keys: readonly string[]): boolean {
  return keys.some((k) => text(caseData[k]) !== null || typeof caseData[k] === 'boolean');
}

function timeoutTexts(caseData: CaseRecord): string[] {
  const t = caseData.timeoutText;
  const list = Array.isArray(t) ? t : [t];
  return list.map(text).filter((s): s is string => s !== null);
}

/**
 * [RP6] Whether a section of the Anesthesia Record has something to print. The top section is
 * always printed; the systems review is printed when skipped (it says so) or when it has
 * entries; every other section only when the case holds its data (an empty section is left out):
 * the health history also with a referral, the pre-op checks also with operative checks (optChecks),
 * the discharge section also with the final room-air SpO2 or the estimated blood loss.
 */
export function sectionHasContent(id: RecordSectionId, caseData: CaseRecord): boolean {
  const doses = (group: RouteGroup, pre = false): boolean =>
    drugDoses(caseData).some((d) => d.group === group && (d.dose.isPreProcedure === true) === pre);
  switch (id) {
    case 'top':
      return true;
    case 'healthHistory':
      return anyText(caseData, HEALTH_HISTORY_FIELDS) || text(record(caseData.rfr)?.name) !== null;
    case 'systemsReview':
      return caseData.systemsReviewSkipped === true || systemsReviewEntries(caseData).length > 0;
    case 'medications':
      return (
        records(caseData.medications).some((m) => text(m.name) !== null) || text(caseData.medicationsText) !== null
      );
    case 'medicalConsult':
      return caseData.medicalConsult === true || text(caseData.medicalConsultNotes) !== null;
    case 'physicalAssessment':
      return anyText(caseData, PHYSICAL_FIELDS);
    case 'preAnesthesiaRisk':
      return text(caseData.preProcedureRiskAssessment) !== null;
    case 'surgicalTimeout':
      return timeoutTexts(caseData).length > 0 || timeOf(record(caseData.events)?.timeout) !== null;
    case 'preOpChecks':
      return [...records(caseData.preOpChecklist), ...records(caseData.optChecks)].some((c) => text(c.label) !== null);
    case 'preProcedureMeds':
      return countedPreMeds(caseData).length > 0 || drugDoses(caseData).some((d) => d.dose.isPreProcedure === true);
    case 'oralSedatives':
      return doses('oral');
    case 'localAnesthetics':
      return records(caseData.localDoses).length > 0;
    case 'parenteral':
      return doses('parenteral');
    case 'drugTotals':
      return drugTotalRows(caseData).length > 0;
    case 'infusions':
      return records(caseData.infusionDrugs).length > 0 || doses('infusion');
    case 'inhalation':
      return doses('inhalation');
    case 'ivFluids':
      return records(caseData.ivSites).length > 0 || doses('fluid');
    case 'airway':
      return records(caseData.airways).length > 0;
    case 'position':
      return records(caseData.positions).some((p) => text(p.name) !== null);
    case 'events':
      return Object.values(record(caseData.events) ?? {}).some((t) => timeOf(t) !== null);
    case 'notes':
      return text(caseData.procedureNotes) !== null;
    case 'recoveryNotes':
      return text(caseData.recoveryNotes) !== null;
    case 'ecgRhythm':
      return printableWaves(caseData).some((w) => /ecg/i.test(text(w.type) ?? ''));
    case 'discharge':
      return (
        Object.keys(record(caseData.dischargeScoreEntries) ?? {}).length > 0 ||
        text(caseData.finalRoomAirSpO2) !== null ||
        text(caseData.ebl) !== null ||
        text(caseData.otherLocalAnesthetics) !== null ||
        records(caseData.otherLocalAnesthetics).length > 0
      );
    case 'signatures':
      return records(caseData.signatures).some((g) => text(g.name) !== null || text(g.signature) !== null);
    case 'signoffOverrides':
      return records(caseData.signoffOverrides).length > 0;
  }
}

/**
 * [RP7] The Anesthesia Record's sections to print, in spec order: those with content (RP6),
 * without the pre-op sections when they have their own page (RP4).
 */
export function recordSections(caseData: CaseRecord): RecordSectionId[] {
  const separate = hasSeparatePreOpPage(caseData);
  return RECORD_SECTIONS.map(([id]) => id).filter(
    (id) => sectionHasContent(id, caseData) && !(separate && PRE_OP_PAGE_SECTIONS.includes(id)),
  );
}

/**
 * [RP8] The final signer's name (spec 001 §6): from the case's user role and the primary
 * provider; a surgeon's case is signed by the sedation provider unless the organisation's
 * primaryProviderMustBeFinalSignerName flag (spec 000 §3) requires the primary provider.
 * Null when nobody is known.
 */
export function finalSignerName(
  caseData: CaseRecord,
  primaryProviderName: string | null,
  primaryProviderMustBeFinalSigner: boolean,
): string | null {
  const role: UserRole = (USER_ROLES as readonly unknown[]).includes(caseData.userRole)
    ? (caseData.userRole as UserRole)
    : 'other';
  return caseRoleNames({
    userRole: role,
    primaryProviderName,
    surgeonName: text(caseData.surgeonName),
    sedationProviderName: text(caseData.sedationProviderName),
    allowDifferentFinalSigner: !primaryProviderMustBeFinalSigner,
  }).finalSignerName;
}

/** [RP9] The generated title (spec 002 §2, §5): "Anesthesia Record - {patient} - {date}", cleaned (RP1). */
export function reportTitle(input: Pick<ReportInput, 'patient' | 'caseData' | 'generatedAt' | 'timeZone'>): string {
  const date = text(input.caseData.procedureDate) ?? new Date(input.generatedAt).toISOString().slice(0, 10);
  return cleanReportTitle(`Anesthesia Record - ${reportPatientName(input.patient)} - ${date}`);
}

/** [RP9] The report's file name: the cleaned title (RP1) with .pdf. */
export function reportFileName(title: string): string {
  return `${cleanReportTitle(title)}.pdf`;
}
