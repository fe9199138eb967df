import type { CaseDoc } from '../../case/index.js';

/** What every section of the case screen knows about the case it charts. */
export interface CaseContext {
  orgId: string;
  /** The case id: the appointment id in the route, also the anesthesia-record Composition's id. */
  caseId: string;
  /** The patient's weight in kg, when known. */
  weightKg: number | null;
  /** The patient's age in whole years, when the birth date is known. */
  ageYears: number | null;
  /** The organisation records temperatures in °C (spec 000 §3 tempsInCelsius). */
  tempsInCelsius: boolean;
}

/** The props every case-screen section takes: the case document, whether it may be edited, and the case context. */
export interface CaseSectionProps {
  /** The case's Yjs document; undefined while it is loading. */
  doc: CaseDoc | undefined;
  readOnly: boolean;
  context: CaseContext;
}
