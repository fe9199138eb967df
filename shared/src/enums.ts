/**
 * Enumerations of the clinical record (spec 001 §3–§5) and of the supporting
 * widgets (spec 002 §3). Each is a readonly tuple so that a value list and its
 * union type come from one place, and `isOneOf` narrows untrusted input.
 */

/** Appointment status (spec 001 §4). */
export const APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Appointment statuses the shell queries for (spec 000 §3). */
export const APPOINTMENT_QUERY_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'waitlist',
] as const satisfies readonly AppointmentStatus[];

/** Participation status (spec 001 §4). Participants default to tentative (spec 001 §3). */
export const PARTICIPATION_STATUSES = ['accepted', 'declined', 'tentative', 'needs-action'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];
export const DEFAULT_PARTICIPATION_STATUS: ParticipationStatus = 'tentative';

/** Composition status (spec 001 §4). */
export const COMPOSITION_STATUSES = ['preliminary', 'final', 'amended', 'entered-in-error'] as const;
export type CompositionStatus = (typeof COMPOSITION_STATUSES)[number];

/** Location status (spec 001 §4). */
export const LOCATION_STATUSES = ['active', 'suspended', 'inactive'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

/** Observation status (spec 001 §4). */
export const OBSERVATION_STATUSES = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

/** Contract status (spec 001 §4). */
export const CONTRACT_STATUSES = [
  'amended',
  'appended',
  'cancelled',
  'disputed',
  'entered-in-error',
  'executable',
  'executed',
  'negotiable',
  'offered',
  'policy',
  'rejected',
  'renewed',
  'revoked',
  'resolved',
  'terminated',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** AllergyIntolerance type and criticality (spec 001 §4). */
export const ALLERGY_TYPES = ['allergy', 'intolerance', 'unknown'] as const;
export type AllergyType = (typeof ALLERGY_TYPES)[number];
export const ALLERGY_CRITICALITIES = ['low', 'high', 'unable-to-assess'] as const;
export type AllergyCriticality = (typeof ALLERGY_CRITICALITIES)[number];

/** MedicationStatement status (spec 001 §4); the default is active (spec 001 §3). */
export const MEDICATION_STATEMENT_STATUSES = [
  'active',
  'completed',
  'entered-in-error',
  'intended',
  'stopped',
  'on-hold',
  'unknown',
  'not-taken',
] as const;
export type MedicationStatementStatus = (typeof MEDICATION_STATEMENT_STATUSES)[number];
export const DEFAULT_MEDICATION_STATEMENT_STATUS: MedicationStatementStatus = 'active';

/**
 * Communication status: "same list as the event status list" (spec 001 §4), i.e. FHIR R4's
 * EventStatus value set.
 */
export const COMMUNICATION_STATUSES = [
  'preparation',
  'in-progress',
  'not-done',
  'on-hold',
  'stopped',
  'completed',
  'entered-in-error',
  'unknown',
] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

/** Every drug route (spec 001 §5). */
export const DRUG_ROUTES = [
  'PO',
  'SL',
  'IM',
  'IV',
  'IMAD',
  'IN',
  'local',
  'infusion',
  'infusionBolus',
  'inhalation',
  'fluid',
  'fluidBolus',
  'syringeFlush',
] as const;
export type DrugRoute = (typeof DRUG_ROUTES)[number];

/** Route groups (spec 001 §5). */
export const PARENTERAL_ROUTES = ['IV', 'IMAD', 'IM', 'IN'] as const satisfies readonly DrugRoute[];
export const ORAL_ROUTES = ['PO', 'SL'] as const satisfies readonly DrugRoute[];
/** Fluid doses use these routes (spec 001 §3). */
export const FLUID_ROUTES = ['fluid', 'fluidBolus', 'syringeFlush'] as const satisfies readonly DrugRoute[];

/** Oral and pre-med routes (spec 002 §9). */
export const PRE_MED_ROUTES = ['PO', 'SL', 'IM', 'IN', 'PR', 'SC', 'TD', 'BUC', 'OR', 'INH', 'TOP', 'OPH'] as const;
export type PreMedRoute = (typeof PRE_MED_ROUTES)[number];

/** Drug units (spec 001 §5). */
export const DRUG_UNITS = ['mg', 'mcg'] as const;
export type DrugUnit = (typeof DRUG_UNITS)[number];

/** Local anesthetic dose units (spec 001 §5). */
export const LOCAL_DOSE_UNITS = ['ml', 'mg', 'cartridges'] as const;
export type LocalDoseUnit = (typeof LOCAL_DOSE_UNITS)[number];

/** Airway types (spec 001 §5). */
export const AIRWAY_TYPES = ['nc', 'nt', 'nh', 'cpap', 'mad', 'et', 'ntt', 'lma', 'opa', 'fm', 'other'] as const;
export type AirwayType = (typeof AIRWAY_TYPES)[number];

/**
 * Sedation levels in rank order (spec 002 §3, §5), with their display labels.
 * The order is what the sedation-level check compares.
 */
export const SEDATION_LEVELS = ['local', 'minimal', 'moderate', 'deep', 'ga'] as const;
export type SedationLevel = (typeof SEDATION_LEVELS)[number];
export const SEDATION_LEVEL_LABELS: Readonly<Record<SedationLevel, string>> = {
  local: 'Local',
  minimal: 'Minimal',
  moderate: 'Moderate',
  deep: 'Deep',
  ga: 'GA',
};
/** Label for an unset sedation level (spec 002 §3). */
export const SEDATION_LEVEL_UNSET_LABEL = '(not set)';
/** Depth levels (spec 001 §5). */
export const DEPTH_SEDATION_LEVELS = ['moderate', 'deep', 'ga'] as const satisfies readonly SedationLevel[];

/** Vital ids used in discharge comparisons (spec 001 §3). */
export const VITAL_IDS = ['sbp', 'dbp', 'map', 'spo2', 'hr', 'rr', 'etco2', 'temperature'] as const;
export type VitalId = (typeof VITAL_IDS)[number];

/** Vital tracking status (spec 001 §4, spec 002 §3). */
export const VITAL_TRACKING_STATUSES = ['unselected', 'selected', 'auto', 'manual', 'paused', 'ignored'] as const;
export type VitalTrackingStatus = (typeof VITAL_TRACKING_STATUSES)[number];

/** Case status derived from events (spec 001 §4). */
export const CASE_STATUSES = ['notStarted', 'ivStarted', 'inProgress', 'recovery', 'complete'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Sync status of a case document (spec 001 §4). */
export const SYNC_STATUSES = [
  'resyncing',
  'loading',
  'loadFailed',
  'saving',
  'waitingToRetry',
  'synced',
  'outOfSync',
  'unknown',
] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** Finalize progress steps (spec 001 §4, §7). */
export const FINALIZE_STEPS = ['pdfGen', 'saveUpdates', 'emrSaveStarted', 'savedToEmr', 'emrSaveFailed'] as const;
export type FinalizeStep = (typeof FINALIZE_STEPS)[number];

/** Event time ids (spec 001 §3), in the charting order of spec 001 §4. */
export const EVENT_IDS = [
  'timeout',
  'caseStart',
  'anesthesiaStart',
  'surgeryStart',
  'anesthesiaEnd',
  'recoveryStart',
  'surgeryEnd',
  'vitalsEnd',
  'end',
] as const;
export type EventId = (typeof EVENT_IDS)[number];

/** The case's user role (spec 001 §6). */
export const USER_ROLES = ['surgeon', 'sedationProvider', 'other'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Discharge score types (spec 001 §3). */
export const DISCHARGE_SCORE_TYPES = ['aldrete', 'pads'] as const;
export type DischargeScoreType = (typeof DISCHARGE_SCORE_TYPES)[number];

/** Systems review categories (spec 001 §3; 15 of them). */
export const SYSTEMS_REVIEW_CATEGORIES = [
  'general',
  'cardiac',
  'pulmonary',
  'hepatic',
  'renal',
  'hematologic',
  'endocrine',
  'oncology',
  'cns',
  'muscular',
  'gastro',
  'psychiatric',
  'gyn',
  'developmental',
  'habits',
] as const;
export type SystemsReviewCategory = (typeof SYSTEMS_REVIEW_CATEGORIES)[number];

/** Organisation types and roles (spec 000 §3, §6). */
export const ORG_TYPES = ['regular', 'parent', 'vigil', 'reseller'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
export const ORG_ROLES = ['admin', 'member', 'provider', 'uber', 'stats', 'super', 'dev'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** MFA channels (spec 000 §3); sms sorts before email. */
export const MFA_CHANNELS = ['sms', 'email'] as const;
export type MfaChannel = (typeof MFA_CHANNELS)[number];

/** Authentication status (spec 000 §4). */
export const AUTH_STATUSES = ['none', 'expired', 'partial', 'full', 'undetermined'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

/** Narrows an untrusted value to one member of an enumeration. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
