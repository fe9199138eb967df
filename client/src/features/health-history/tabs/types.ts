import type { HealthHistoryData } from '@vigil/shared';

/** What every tab of the health history editor knows about the patient and the organisation. */
export interface HhxContext {
  orgId: string;
  patientId: string;
  /** The patient's birth date (YYYY, YYYY-MM or YYYY-MM-DD), when known. */
  birthDate: string | null;
  /** The organisation's units (spec 000 §3): heights in cm or inches, weights in kg or lb, temperatures in °C. */
  heightUnit: 'cm' | 'in';
  weightUnit: 'kg' | 'lb';
  tempsInCelsius: boolean;
  /** Whether the signed-in user can sign (a provider, spec 002 §6): Sign and Complete, else Mark Complete. */
  canSign: boolean;
}

/**
 * The props every editor tab takes (spec 002 §2 "Health History editor"): the history's content as
 * a plain snapshot (re-rendered on every change, local or remote), a setter that writes the given
 * keys into the document's root map in one transaction, and whether it may be edited.
 */
export interface HhxTabProps {
  data: HealthHistoryData;
  set: (patch: Partial<HealthHistoryData>) => void;
  readOnly: boolean;
  /** Entered in Vigil or elsewhere (systemsReviewSkipped, spec 002 §3): which fields are required. */
  enteredElsewhere: boolean;
  context: HhxContext;
}
