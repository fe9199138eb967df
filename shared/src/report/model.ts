import { REPORT_DEFAULTS } from '../constants/widgets.js';
import type { PatientSex } from '../rules/ideal-body-weight.js';

/**
 * What the printable report is made from (spec 002 §3 "Report inputs"): the case data of the
 * anesthesia record plus the patient and appointment details that live outside it.
 */
export interface ReportPatient {
  givenName: string | null;
  familyName: string | null;
  nickname: string | null;
  /** YYYY, YYYY-MM or YYYY-MM-DD (spec 001 §5). */
  birthDate: string | null;
  id: string;
  /**
   * The patient's sex from their record (FHIR Patient.gender), for the ideal body weight the local
   * anesthetic maxima are worked on (IBW1, IBW2); left out or null reads as not recorded.
   */
  sex?: PatientSex | null;
}

/** A signature: an SVG path (spec 000 §3 saved signature) drawn on the 660×300 canvas (spec 002 §9). */
export interface ReportSignature {
  name: string;
  /** SVG path data ("M 1 2 L 3 4 …"). */
  path: string;
  /** Epoch ms. */
  time: number;
}

/** A signed addendum (spec 001 §3): title, text, signer, signature path and time. */
export interface ReportAddendum {
  title: string;
  text: string;
  signerName: string;
  signature: string;
  signatureTime: number;
}

export interface ReportInput {
  /** The case id: the appointment id (also the anesthesia-record Composition's and the case document's id). */
  caseId: string;
  patient: ReportPatient;
  primaryProviderName: string | null;
  procedureDescription: string | null;
  location: string | null;
  room: string | null;
  temperatureUnit: 'F' | 'C';
  heightUnit: 'cm' | 'in';
  weightUnit: 'kg' | 'lb';
  /** Print width in CSS px (spec 002 §9 default 1080). */
  printWidth: number;
  /** The longest span the chart covers (spec 002 §9 default 24 h). */
  maxDurationMs: number;
  /** The case data (content of the case document's root map). */
  caseData: Record<string, unknown>;
  /** Signed addenda, oldest first. */
  addenda: readonly ReportAddendum[];
  /** The final signer's signature, once signed. */
  finalSignature: ReportSignature | null;
  /** When the report was generated, epoch ms. */
  generatedAt: number;
  /** IANA time zone in which times are printed. */
  timeZone: string;
  /** Demo mode: the report is marked as not a real patient (spec 002 §1). */
  demo: boolean;
}

/** Report inputs with the spec's defaults (spec 002 §3, §9) for what the caller leaves out. */
export function reportInput(
  given: Partial<ReportInput> & Pick<ReportInput, 'caseId' | 'patient' | 'caseData' | 'generatedAt'>,
): ReportInput {
  return {
    primaryProviderName: null,
    procedureDescription: null,
    location: null,
    room: null,
    temperatureUnit: 'F',
    heightUnit: 'in',
    weightUnit: 'lb',
    printWidth: REPORT_DEFAULTS.printWidth,
    maxDurationMs: REPORT_DEFAULTS.maxDurationMs,
    addenda: [],
    finalSignature: null,
    timeZone: 'UTC',
    demo: false,
    ...given,
  };
}

/** The patient's name as printed: "Family, Given (Nickname)". */
export function reportPatientName(p: ReportPatient): string {
  const given = [p.givenName, p.nickname ? `(${p.nickname})` : null].filter(Boolean).join(' ');
  const name = [p.familyName, given].filter((s) => s !== null && s !== '').join(', ');
  return name === '' ? 'Unnamed patient' : name;
}
