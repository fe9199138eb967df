/*
 * What the smart suggestions panels of the case screen offer (spec 002 §2, §5 smart suggestions;
 * the spec names the kinds, not the phrases: docs/decisions.md session 26). At most 5 are shown (SS1).
 */

/** Sentences appended to the procedure notes. */
export const PROCEDURE_NOTE_SUGGESTIONS = [
  'Patient tolerated the procedure well',
  'No complications',
  'Vital signs stable throughout',
  'Airway patent throughout',
  'Patient monitored continuously',
] as const;

/** Sentences appended to the recovery notes. */
export const RECOVERY_NOTE_SUGGESTIONS = [
  'Patient awake and oriented',
  'Vital signs at baseline',
  'No nausea or vomiting',
  'Post-operative instructions given',
  'Discharged to responsible companion',
] as const;

/** Who is present: several, comma-separated. */
export const PRESENT_SUGGESTIONS = ['Dental assistant', 'Hygienist', 'Surgeon', 'Parent', 'Guardian'] as const;

/** The reason for sedation: one. */
export const REASON_FOR_SEDATION_SUGGESTIONS = [
  'Anxiety',
  'Gag reflex',
  'Extensive treatment',
  'Special needs',
  'Young age',
] as const;
