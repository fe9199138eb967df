import type { PatientSex } from '../rules/ideal-body-weight.js';
import type { LedgerLine } from '../rules/ledger.js';
import type { SignoffCase } from '../rules/signoff-case.js';

/**
 * The sign-off flags' types, rule table and flag maker (issue 29), apart from signoff.ts so the
 * category files import them without a cycle. See signoff.ts.
 */

export type SignoffCategory = 'missing' | 'sequence' | 'threshold' | 'suspicious' | 'confirmation';

/** The categories in the order the case screen lists them. */
export const SIGNOFF_CATEGORIES: readonly SignoffCategory[] = [
  'missing',
  'sequence',
  'threshold',
  'suspicious',
  'confirmation',
];

/** Headings of the categories as the case screen groups them. */
export const SIGNOFF_CATEGORY_LABELS: Readonly<Record<SignoffCategory, string>> = {
  missing: 'Not recorded',
  sequence: 'Out of order',
  threshold: 'Past a limit',
  suspicious: 'Worth a second look',
  confirmation: 'Confirm',
};

export interface SignoffFlag {
  /** The rule id, e.g. 'SO6': what a policy names. */
  readonly id: string;
  /** Stable per occurrence, e.g. 'SO6:2026-11-26T10:15Z': what an override names. */
  readonly key: string;
  readonly category: SignoffCategory;
  /** Case-data keys the flag points at, e.g. ['asaClassification'] or ['manualVitals']. */
  readonly fields: string[];
  /** A sentence a clinician understands. */
  readonly message: string;
}

/** A controlled-drug ledger line of the case (LG10, LG11): reconciles when drawn = given + wasted + returned. */
export type SignoffLedgerLine = LedgerLine;

export interface SignoffContext {
  /** The case document content as stored (migrated and read tolerantly inside). */
  readonly caseData: unknown;
  /** Paediatric vital bands differ from adult ones; null age reads as adult. */
  readonly patient: {
    readonly ageYears: number | null;
    /** FHIR Patient.gender: an adult's ideal body weight (IBW2) is the men's or women's; null or absent: women's (the smaller). */
    readonly sex?: PatientSex | null;
  };
  /** The patient's weight on their last case, for the > 20 % change flag; null when none. */
  readonly previousWeightKg: number | null;
  /** The case's controlled-drug ledger lines; null when the drugInventory flag is off (no flag then). */
  readonly ledger: readonly SignoffLedgerLine[] | null;
  /** The sedation level booked for the case (the Appointment's), for "deeper than planned"; optional. */
  readonly plannedSedationLevel?: string | null;
  /** Times in messages are shown in this zone (default UTC); keys are always UTC. */
  readonly timeZone?: string;
  /** A consent the patient signed for the case on the patient link (SO3, patientSignedConsent); optional. */
  readonly patientConsent?: PatientConsent | null;
}

/** A consent form the patient signed for the case on their phone (issue 35). */
export interface PatientConsent {
  readonly contractId: string;
  readonly title: string;
  /** When the patient signed (ISO). */
  readonly signedAt: string;
}

/** What every category's rules receive: the context and the case read once. */
export interface SignoffInput {
  readonly ctx: SignoffContext;
  readonly kase: SignoffCase;
  readonly timeZone: string;
}

/** Every sign-off rule: its id, category and what it checks, for the policy editor and RULES.md. */
export const SIGNOFF_RULES: Readonly<Record<string, { category: SignoffCategory; title: string }>> = {
  SO1: { category: 'missing', title: 'ASA classification recorded' },
  SO2: { category: 'missing', title: 'NPO times (last food, last drink) recorded' },
  SO3: { category: 'missing', title: 'Consent recorded: signed by the patient, or ticked on the pre-op checklist' },
  SO4: { category: 'missing', title: 'Health history reviewed for the case' },
  SO5: { category: 'missing', title: 'Baseline vitals before the first drug' },
  SO6: { category: 'missing', title: 'Vitals at every checkpoint at moderate or deeper' },
  SO7: { category: 'missing', title: 'Discharge score complete' },
  SO8: { category: 'missing', title: 'Final room-air SpO2 recorded' },
  SO9: { category: 'missing', title: 'Case signed' },
  SO10: { category: 'sequence', title: 'Event times in order' },
  SO11: { category: 'sequence', title: 'No dose after the end of the case' },
  SO12: { category: 'threshold', title: 'Vitals within the limits a clinician acts on (paediatric bands)' },
  SO13: { category: 'threshold', title: 'No dose past its maximum' },
  SO14: { category: 'threshold', title: 'Cumulative local anesthetic below 80 %' },
  SO15: { category: 'threshold', title: 'Controlled-drug ledger reconciles' },
  SO16: { category: 'suspicious', title: 'Weight within 20 % of the last case' },
  SO17: { category: 'suspicious', title: 'SpO2 not a flat 100 % on room air for an hour' },
  SO18: { category: 'suspicious', title: 'No duplicate doses within a minute' },
  SO19: { category: 'confirmation', title: 'Reversal agent given (naloxone, flumazenil)' },
  SO20: { category: 'confirmation', title: 'Sedation not deeper than planned' },
};

/** A time as a key part: UTC to the minute ('2026-11-26T10:15Z'), the same on every device. */
export function keyTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

/** Makes a flag of a rule; the category comes from SIGNOFF_RULES. */
export function flag(id: string, keyPart: string | null, fields: string[], message: string): SignoffFlag {
  const rule = SIGNOFF_RULES[id];
  /* v8 ignore next -- every rule id used is in the table (a typo fails the rule's own test) */
  if (!rule) throw new Error(`Unknown sign-off rule ${id}`);
  return { id, key: keyPart == null ? id : `${id}:${keyPart}`, category: rule.category, fields, message };
}
