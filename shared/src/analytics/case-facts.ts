import { DAY, MINUTE } from '../constants/time.js';
import { SEDATION_LEVELS, type SedationLevel } from '../enums.js';
import { records, text } from '../case-data/read.js';
import { caseDischarge } from '../report/discharge.js';
import { anesthesiaTime, drugTotalRows, localAnestheticReport } from '../report/totals.js';
import { caseDoseWeight } from '../rules/ideal-body-weight.js';
import { readSignoffCase, type SignoffCase } from '../rules/signoff-case.js';
import { vitalCheckpoints, vitalsIntervalMinutes } from '../rules/vitals.js';
import { signoffFlags } from '../signoff/signoff.js';
import { chartedDoses, type ChartedDose } from '../rules/ledger.js';

/*
 * The analytics read model's facts of one case (issue 41; spec 000 §2, §9): pure, computed from
 * the case data and its appointment by the rules the case screen, the report and the sign-off gate
 * already use (RL2, RL4, RL5, RL6, SO1–SO20, VT5), never a second copy of them. The server's
 * change-feed consumer writes them; the analytics queries read only them.
 */

/** A case's state as the read model knows it: started (its record exists) or finalized (signed). */
export type CaseFactsStatus = 'started' | 'finalized';

/** What the case's appointment and signed report say about it (the server reads them; ids only, no PHI). */
export interface CaseFactsInput {
  orgId: string;
  caseId: string;
  /** The case document's content (the Composition's caseData), or null before any was projected. */
  caseData: unknown;
  /** The appointment's start (epoch ms), provider, location and booked sedation level. */
  appointment: {
    start: number | null;
    providerId: string | null;
    providerName: string | null;
    locationId: string | null;
    locationName: string | null;
    sedationLevel: string | null;
  };
  /** The final signature's time (epoch ms) when the case is finalized, else null. */
  signedAt: number | null;
  /** Addenda signed since finalize. */
  addenda: number;
}

/** One drug given, totalled as the record totals it (RL5). */
export interface CaseDrugFact {
  name: string;
  unit: string;
  total: number;
}

/** The five chart-quality figures a sedation office coaches to (issue 41). */
export interface CaseQuality {
  preOpComplete: boolean;
  vitalsAtEveryCheckpoint: boolean;
  dischargeBeforeSignoff: boolean;
  signedWithin24h: boolean;
  noOverride: boolean;
}

export const QUALITY_FIGURES = [
  'preOpComplete',
  'vitalsAtEveryCheckpoint',
  'dischargeBeforeSignoff',
  'signedWithin24h',
  'noOverride',
] as const satisfies readonly (keyof CaseQuality)[];
export type QualityFigure = (typeof QUALITY_FIGURES)[number];

/** What the analytics page calls each quality figure. */
export const QUALITY_FIGURE_LABELS: Readonly<Record<QualityFigure, string>> = {
  preOpComplete: 'Complete pre-op checks',
  vitalsAtEveryCheckpoint: 'Vitals at every checkpoint',
  dischargeBeforeSignoff: 'Discharge score before sign-off',
  signedWithin24h: 'Signed within 24 hours',
  noOverride: 'No override',
};

export interface CaseFacts {
  orgId: string;
  caseId: string;
  status: CaseFactsStatus;
  locationId: string | null;
  locationName: string | null;
  providerId: string | null;
  providerName: string | null;
  sedationLevel: SedationLevel | null;
  /** Case start (epoch ms): the charted one (ET3), else the appointment's. */
  startAt: number | null;
  /** The UTC month of the start, 'YYYY-MM'. */
  month: string | null;
  anesthesiaMinutes: number | null;
  anesthesiaUnits: number | null;
  drugs: CaseDrugFact[];
  /** Combined local anesthetic percent of the manufacturer maximum (RL4), null without a local dose. */
  laPctOfMax: number | null;
  dischargeType: string;
  /** The discharge total (DS7), null when nothing was scored. */
  dischargeScore: number | null;
  dischargeComplete: boolean;
  /** Rule ids of the sign-off flags the case raises, each once, sorted. */
  flagsRaised: string[];
  /** Rule ids of the flags overridden at sign-off, each once, sorted. */
  flagsOverridden: string[];
  /** Minutes from the case's end to the final signature; null unless finalized with an end. */
  endToSignatureMinutes: number | null;
  healthHistoryReviewed: boolean;
  consentRecorded: boolean;
  /** Share (0–1, three decimals) of vitals checkpoints with a reading; null without checkpoints. */
  monitorCoverage: number | null;
  quality: CaseQuality;
  addenda: number;
  /**
   * [AN8] The overrides of the signed content, with their reasons (the office's overrides report);
   * absent in rows written before session 28 (`npm run analytics:rebuild` fills them in).
   */
  overrides?: CaseOverrideFact[];
  /**
   * [AN8] The doses charted, one total per drug name and unit as LG10 reads them (chartedDoses), so
   * the controlled-drug report reconciles the ledger without decoding the case; absent as above.
   */
  chartedDoses?: ChartedDose[];
}

/** One sign-off override as the signed content keeps it: the flag, its text, the reason, who and when. */
export interface CaseOverrideFact {
  ruleId: string;
  message: string;
  reason: string;
  name: string;
  /** Epoch ms. */
  time: number | null;
}

const PRE_OP_FLAGS: readonly string[] = ['SO1', 'SO2', 'SO3', 'SO4'];

/** [AN1] A sedation level of the enumeration (any case), or null. */
export function sedationLevelOf(value: string | null): SedationLevel | null {
  const l = value?.trim().toLowerCase() ?? '';
  return (SEDATION_LEVELS as readonly string[]).includes(l) ? (l as SedationLevel) : null;
}

/** [AN1] 'YYYY-MM' of a time, in UTC. */
export function utcMonthOf(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 7);
}

/**
 * [AN5] Monitor coverage: the share of vitals checkpoints (VT5, every 5 or 10 minutes from case
 * start to Stopped Monitoring, else the end, else the last reading; a day at most) with a reading
 * within half an interval either side, as SO6 looks for them; null without a case start, with
 * vitals tracking off, or without a checkpoint.
 */
export function monitorCoverage(kase: SignoffCase): number | null {
  const start = kase.times.caseStart;
  if (start == null || !kase.vitalsTracked) return null;
  const interval = vitalsIntervalMinutes(kase.data.vitalsInterval);
  const last = kase.readings.at(-1)?.time ?? null;
  const until = Math.min(kase.times.vitalsEnd ?? kase.times.end ?? last ?? start, start + DAY);
  const checkpoints = vitalCheckpoints(start, start, until, interval);
  if (checkpoints.length === 0) return null;
  const half = (interval * MINUTE) / 2;
  const covered = checkpoints.filter((t) => kase.readings.some((r) => r.time >= t - half && r.time <= t + half));
  return Math.round((covered.length / checkpoints.length) * 1000) / 1000;
}

/** [AN1] The drugs given: RL5's totals, one per drug name and unit (oral and parenteral added up). */
function drugFacts(data: Record<string, unknown>): CaseDrugFact[] {
  const out = new Map<string, CaseDrugFact>();
  for (const d of drugTotalRows(data)) {
    const key = `${d.name}\u0000${d.unit}`;
    const seen = out.get(key);
    out.set(key, { name: d.name, unit: d.unit, total: Math.round(((seen?.total ?? 0) + d.total) * 1000) / 1000 });
  }
  return [...out.values()];
}

/** Each rule id once, sorted (SO2 before SO10). */
function ruleIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * [AN2] The end a signature is timed from: the case's end (ET), else anesthesia end, else the
 * appointment's start when nothing was charted; [AN3] minutes from it to the final signature.
 */
function endToSignature(kase: SignoffCase, start: number | null, signedAt: number | null): number | null {
  if (signedAt === null) return null;
  const end = kase.times.end ?? kase.times.anesthesiaEnd ?? start;
  return end === null ? null : Math.max(0, Math.round((signedAt - end) / MINUTE));
}

/**
 * [AN1]–[AN6] The facts of one case from its data and appointment. Anesthesia time and units are
 * RL6's, drugs RL5's, the local anesthetic percent RL4's (combined, manufacturer maximum, on the
 * dose weight IBW2), the discharge score RL2/DS7's, the flags SO1–SO20's over the case as it holds
 * them (no ledger or earlier weight: those belong to the gate at finalize); the quality figures AN6.
 */
export function caseFacts(input: CaseFactsInput): CaseFacts {
  const kase = readSignoffCase(input.caseData);
  const data = kase.data;
  const finalized = input.signedAt !== null;
  const startAt = kase.times.caseStart ?? input.appointment.start;
  const time = anesthesiaTime(data);
  const la = localAnestheticReport(data, caseDoseWeight(data, { ageYears: null }));
  const discharge = caseDischarge(data);
  const flags = signoffFlags({ caseData: data, patient: { ageYears: null }, previousWeightKg: null, ledger: null });
  const raised = ruleIds(flags.map((f) => f.id));
  const overridden = ruleIds(records(data.signoffOverrides).flatMap((o) => text(o.flagId) ?? []));
  const scored = discharge.items.some((i) => i.score !== null) || discharge.summary.vitalsScore !== null;
  const toSignature = endToSignature(kase, startAt, input.signedAt);
  const checklist = records(data.preOpChecklist);
  return {
    orgId: input.orgId,
    caseId: input.caseId,
    status: finalized ? 'finalized' : 'started',
    locationId: input.appointment.locationId,
    locationName: input.appointment.locationName,
    providerId: input.appointment.providerId,
    providerName: input.appointment.providerName,
    sedationLevel: sedationLevelOf(kase.sedationLevel ?? input.appointment.sedationLevel),
    startAt,
    month: utcMonthOf(startAt),
    anesthesiaMinutes: time?.minutes ?? null,
    anesthesiaUnits: time?.units ?? null,
    drugs: drugFacts(data),
    laPctOfMax: la.doses.length > 0 ? la.combinedPct.manufacturer : null,
    dischargeType: discharge.type,
    dischargeScore: scored ? discharge.summary.totalScore : null,
    dischargeComplete: discharge.summary.complete,
    flagsRaised: raised,
    flagsOverridden: overridden,
    endToSignatureMinutes: toSignature,
    healthHistoryReviewed: !raised.includes('SO4'),
    consentRecorded: !raised.includes('SO3'),
    monitorCoverage: monitorCoverage(kase),
    quality: {
      preOpComplete:
        !raised.some((id) => PRE_OP_FLAGS.includes(id)) &&
        checklist.length > 0 &&
        checklist.every((i) => i.complete === true),
      vitalsAtEveryCheckpoint: !raised.includes('SO6'),
      dischargeBeforeSignoff: finalized && discharge.summary.complete,
      signedWithin24h: toSignature !== null && toSignature <= DAY / MINUTE,
      noOverride: finalized && overridden.length === 0,
    },
    addenda: input.addenda,
    overrides: overrideFacts(data),
    chartedDoses: chartedDoseFacts(data),
  };
}

/** [AN8] The signed content's overrides, in the order they were made. */
function overrideFacts(data: Record<string, unknown>): CaseOverrideFact[] {
  return records(data.signoffOverrides).map((o) => ({
    ruleId: text(o.flagId) ?? '',
    message: text(o.message) ?? '',
    reason: text(o.reason) ?? '',
    name: text(o.name) ?? '',
    time: typeof o.time === 'number' && Number.isFinite(o.time) ? o.time : null,
  }));
}

/** [AN8] LG10's charted doses, added up per drug name (as written) and unit. */
function chartedDoseFacts(data: Record<string, unknown>): ChartedDose[] {
  const out = new Map<string, ChartedDose>();
  for (const d of chartedDoses(data)) {
    const key = `${d.drug}\u0000${d.unit}`;
    const seen = out.get(key);
    out.set(key, { drug: d.drug, unit: d.unit, amount: Math.round(((seen?.amount ?? 0) + d.amount) * 1e6) / 1e6 });
  }
  return [...out.values()];
}
