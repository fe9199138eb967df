import type { ComponentType } from 'react';
import type { OrgCaseSettings } from '../../data/orgSettings.js';
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

/**
 * A section another feature adds to the case screen (the report's finalize section, the ledger's
 * controlled drugs): the org app's route table gives CasePage the list (features/org/caseSections.ts),
 * so the case screen imports neither feature (issue 36 item 6).
 */
export interface PluggedCaseSection {
  /** The section's anchor; a plugged section carries it itself (a framed section). */
  id: string;
  /** Its name in the section navigation. */
  label: string;
  /** The built-in section it goes before; at the end when absent. */
  before?: string;
  /** Whether it shows for the organisation's settings (its feature flag); always when absent. */
  shows?: (settings: OrgCaseSettings) => boolean;
  Component: ComponentType<CaseSectionProps>;
}

/** Inserts plugged sections (or their links) among the built-in ones, by their `before`, in order. */
export function withPlugged<T extends { id: string }>(
  builtIn: readonly T[],
  plugged: readonly PluggedCaseSection[],
  make: (p: PluggedCaseSection) => T,
): T[] {
  const out = [...builtIn];
  for (const p of plugged) {
    const at = p.before === undefined ? -1 : out.findIndex((s) => s.id === p.before);
    if (at < 0) out.push(make(p));
    else out.splice(at, 0, make(p));
  }
  return out;
}
