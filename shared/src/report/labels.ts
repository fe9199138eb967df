import type { AirwayType, DischargeScoreType, VitalId } from '../enums.js';

/**
 * Words and colours the case screen and the printed report share, so both say the same thing
 * (issue 25: the PDF reads like the screen). The spec gives codes only; the texts are decisions
 * recorded in docs/decisions.md.
 */

/** How each airway type reads (spec 001 §5 gives only the codes). */
export const AIRWAY_LABELS: Readonly<Record<AirwayType, string>> = {
  nc: 'Nasal cannula',
  nt: 'Nasal trumpet (nasopharyngeal airway)',
  nh: 'Nasal hood',
  cpap: 'CPAP',
  mad: 'Mandibular advancement device',
  et: 'Endotracheal tube',
  ntt: 'Nasotracheal tube',
  lma: 'Laryngeal mask airway',
  opa: 'Oropharyngeal airway',
  fm: 'Face mask',
  other: 'Other',
};

/** Discharge item names (spec 001 §3 item ids). */
export const DISCHARGE_ITEM_LABELS: Readonly<Record<string, string>> = {
  aldreteOxygenation: 'Oxygenation',
  aldreteRespiratoryStability: 'Respiratory stability',
  aldreteConsciousness: 'Consciousness',
  aldretePain: 'Pain',
  aldreteNausea: 'Nausea',
  aldreteGait: 'Gait',
  oriented: 'Oriented',
  steadyGait: 'Steady gait',
  voided: 'Voided',
  poFluids: 'PO fluids',
  surgicalBleeding: 'Surgical bleeding',
  painNauseaVomiting: 'Pain, nausea, vomiting',
};

/**
 * [RL1] What each discharge score means, per item and score (index = score): the modified
 * Aldrete and PADS criteria as recovery nurses chart them, so a choice reads "2: Fully awake",
 * never a bare 2 (spec 001 §3 scores 0–2, PADS four items 0/1).
 */
export const DISCHARGE_CHOICE_LABELS: Readonly<Record<string, readonly string[]>> = {
  aldreteOxygenation: [
    'SpO2 under 90% even with oxygen',
    'Needs oxygen to keep SpO2 over 90%',
    'SpO2 over 92% on room air',
  ],
  aldreteRespiratoryStability: ['Apneic', 'Dyspnea or shallow breathing', 'Breathes deeply, coughs freely'],
  aldreteConsciousness: ['Not responding', 'Arousable on calling', 'Fully awake'],
  aldretePain: ['Severe, persistent pain', 'Moderate pain, controlled with medication', 'None or mild discomfort'],
  aldreteNausea: [
    'Persistent nausea and vomiting',
    'Transient vomiting or retching',
    'None or mild nausea, no vomiting',
  ],
  aldreteGait: ['Unable to walk', 'Walks with assistance', 'Steady gait, no dizziness'],
  oriented: ['Not oriented', 'Oriented to person, place and time'],
  steadyGait: ['Unsteady or dizzy', 'Steady gait, no dizziness'],
  voided: ['Has not voided', 'Has voided'],
  poFluids: ['Not tolerating oral fluids', 'Tolerating oral fluids'],
  surgicalBleeding: ['Severe: dressing changed 3 or more times', 'Moderate: dressing changed up to twice', 'Minimal'],
  painNauseaVomiting: ['Severe', 'Moderate', 'Minimal'],
};

/** The vitals score's meaning (spec 001 §5: under 20 % change 2, under 40 % 1, else 0). */
export const VITALS_SCORE_LABELS: readonly string[] = [
  'Vitals changed 40% or more',
  'Vitals changed 20% to under 40%',
  'Vitals within 20% of the start',
];

/** "2: Fully awake" for an item's score; the bare number for an unknown item or score. */
export function dischargeChoiceText(item: string, score: number): string {
  const label = DISCHARGE_CHOICE_LABELS[item]?.[score];
  return label === undefined ? String(score) : `${score}: ${label}`;
}

/** The name of a score type as printed. */
export const DISCHARGE_TYPE_LABELS: Readonly<Record<DischargeScoreType, string>> = {
  aldrete: 'Aldrete',
  pads: 'PADS',
};

/** Vital names for tables (spec 001 §3 vitals ids). */
export const VITAL_NAMES: Readonly<Record<VitalId, string>> = {
  sbp: 'Systolic BP',
  dbp: 'Diastolic BP',
  map: 'Mean arterial pressure',
  spo2: 'SpO2',
  hr: 'Heart rate',
  rr: 'Resp. rate',
  etco2: 'EtCO2',
  temperature: 'Temperature',
};

/**
 * [RC7] The charted vitals with one distinct colour each, the same on the case screen's chart
 * and in the PDF (issue 25: systolic and diastolic are not the same red). `keys` are the case
 * data keys a reading may use (manual entries say temp).
 */
export const VITAL_CHART_SERIES = [
  { id: 'sbp', keys: ['sbp'], label: 'SBP', colour: '#c92a2a' },
  { id: 'dbp', keys: ['dbp'], label: 'DBP', colour: '#1864ab' },
  { id: 'map', keys: ['map'], label: 'MAP', colour: '#5f3dc4' },
  { id: 'hr', keys: ['hr'], label: 'HR', colour: '#2b8a3e' },
  { id: 'spo2', keys: ['spo2'], label: 'SpO2', colour: '#0b7285' },
  { id: 'rr', keys: ['rr'], label: 'RR', colour: '#e67700' },
  { id: 'etco2', keys: ['etco2'], label: 'EtCO2', colour: '#a61e4d' },
  { id: 'temperature', keys: ['temperature', 'temp'], label: 'Temp', colour: '#495057' },
] as const satisfies readonly { id: VitalId; keys: readonly string[]; label: string; colour: string }[];
