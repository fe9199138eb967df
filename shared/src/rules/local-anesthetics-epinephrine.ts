import type { Issue } from '../case-data/issue.js';
import { warningIssue as warning } from '../case-data/issue.js';
import { findCondition, readSystemsReviewEntry } from '../health-history/systems-review.js';
import { ceilTo, floorTo } from '../units.js';
import {
  concentrationMgPerMl,
  epiMgPerMl,
  findVariant,
  localAnestheticToxicity,
  toxicityDrugId,
  toxicityMaxMg,
  type LimitSet,
  type LocalDoseForToxicity,
} from './local-anesthetics.js';

/**
 * Epinephrine per visit across every local anesthetic (issue 29; docs/decisions.md, session 18):
 * Malamed's per-appointment maxima, 0.2 mg for a healthy adult and 0.04 mg for a patient with
 * cardiovascular disease, set beside each anesthetic's own maximum; whichever is reached first
 * limits the next dose.
 */

/** [EP1] Epinephrine per visit in mg (Malamed, Handbook of Local Anesthesia; AHA / ADA). */
export const EPINEPHRINE_MAX_MG = { healthy: 0.2, cardiac: 0.04 } as const;

/**
 * [EP1] The epinephrine limit of one visit: 0.2 mg for a healthy patient, 0.04 mg with
 * cardiovascular disease. The same at every age: in a child the anesthetic's mg/kg maximum is
 * reached long before (a 20 kg child's lidocaine maximum, 88 mg AAPD, is 2.4 cartridges = 0.044 mg).
 */
export function epinephrineLimit(q: { cardiac: boolean }): { maxMg: number } {
  return { maxMg: q.cardiac ? EPINEPHRINE_MAX_MG.cardiac : EPINEPHRINE_MAX_MG.healthy };
}

/** Whether the case counts as cardiovascular disease for epinephrine, and why. */
export interface CaseCardiacDisease {
  readonly cardiac: boolean;
  /** 'case': the provider's switch on the case; 'healthHistory': the systems review; 'none'. */
  readonly source: 'case' | 'healthHistory' | 'none';
  /** The cardiovascular conditions of the health history, by label, whatever the switch says. */
  readonly conditions: readonly string[];
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The cardiovascular conditions of a case's systems review (its copy of the health history). */
function cardiacConditions(caseData: Record<string, unknown>): string[] {
  const review = isRecord(caseData.systemsReview) ? caseData.systemsReview : null;
  const cardiac = review != null && isRecord(review.cardiac) ? review.cardiac : null;
  if (cardiac == null) return [];
  const entries = Array.isArray(cardiac.entries) ? cardiac.entries : [];
  const labels = entries.map((e) => {
    if (typeof e === 'string') return e.trim() || 'Cardiovascular condition';
    const entry = readSystemsReviewEntry(e);
    if (entry == null) return 'Cardiovascular condition';
    if (entry.condition === 'other') return entry.answers.description?.trim() || 'Other cardiovascular condition';
    return findCondition('cardiac', entry.condition)?.label ?? 'Other cardiovascular condition';
  });
  if (labels.length === 0 && cardiac.hasEntries === true) return ['Cardiovascular: yes'];
  return [...new Set(labels)];
}

/**
 * [EP2] Cardiovascular disease for the epinephrine limit: the case's `cardiacDisease` switch when
 * the provider set it (true or false: a provider may judge a history finding, such as a functional
 * murmur, not to be cardiovascular disease), otherwise any entry in the Cardiovascular category of
 * the case's health history (its systems review). Never throws; anything unreadable counts as not
 * recorded.
 */
export function caseCardiacDisease(caseData: unknown): CaseCardiacDisease {
  const data = isRecord(caseData) ? caseData : {};
  const conditions = cardiacConditions(data);
  if (typeof data.cardiacDisease === 'boolean') {
    return { cardiac: data.cardiacDisease, source: 'case', conditions };
  }
  return conditions.length > 0
    ? { cardiac: true, source: 'healthHistory', conditions }
    : { cardiac: false, source: 'none', conditions };
}

/** A charted local dose as far as epinephrine goes: its stored epinephrine mg (LA8, LA15). */
export interface DoseEpinephrine {
  readonly epiMg?: unknown;
}

/** Epinephrine of one visit against its limit. */
export interface EpinephrineStatus {
  /** Epinephrine given, mg, summed over every local dose (unrounded). */
  readonly givenMg: number;
  readonly maxMg: number;
  /** givenMg / maxMg × 100, unrounded. */
  readonly pct: number;
  /** What is left before the limit, mg (never below 0). */
  readonly remainingMg: number;
}

/**
 * [EP3] Epinephrine of a visit: the stored epinephrine mg of every local dose added up (a dose
 * without a usable epiMg adds nothing: its mg is still counted by LA10), against the limit of
 * EP1. Levonordefrin is not epinephrine and is not counted (its variant's epi is 0).
 */
export function epinephrineStatus(doses: readonly DoseEpinephrine[], cardiac: boolean): EpinephrineStatus {
  const givenMg = doses.reduce(
    (sum, d) => (typeof d.epiMg === 'number' && Number.isFinite(d.epiMg) && d.epiMg > 0 ? sum + d.epiMg : sum),
    0,
  );
  const { maxMg } = epinephrineLimit({ cardiac });
  return { givenMg, maxMg, pct: (givenMg / maxMg) * 100, remainingMg: Math.max(0, maxMg - givenMg) };
}

/** Vigil's texts for epinephrine (the spec gives none). */
export const EPINEPHRINE_TEXTS = {
  exceeded: (givenMg: number, maxMg: number, cardiac: boolean): string =>
    `Epinephrine is at ${givenMg} mg, past the ${maxMg} mg limit of a visit for ${cardiac ? 'a patient with cardiovascular disease' : 'a healthy adult'}`,
} as const;

/**
 * [EP4] The warning (never blocking) when the visit's epinephrine is past its limit, compared
 * unrounded: EPINEPHRINE_MAX_EXCEEDED, the mg shown rounded up to 0.001 mg.
 */
export function epinephrineIssues(status: EpinephrineStatus, cardiac: boolean): Issue[] {
  if (!(status.givenMg > status.maxMg)) return [];
  return [
    warning('EPINEPHRINE_MAX_EXCEEDED', EPINEPHRINE_TEXTS.exceeded(ceilTo(status.givenMg, 3), status.maxMg, cardiac), [
      'localDoses',
    ]),
  ];
}

/** How much more of a variant may be given, in mg and cartridges. */
export interface RemainingAmount {
  readonly mg: number;
  readonly cartridges: number;
}

/** The cartridge figure of a variant: by its own maximum, by epinephrine, and which binds. */
export interface LocalAnestheticCartridgeLimit {
  /** By the drug's maximum and the combined maximum of all local anesthetics (LA10); null without a maximum. */
  readonly byDrug: RemainingAmount | null;
  /** By the epinephrine left this visit; null for a variant without epinephrine. */
  readonly byEpinephrine: RemainingAmount | null;
  /** The smaller of the two (a tie is the drug's); null when neither applies. */
  readonly remaining: RemainingAmount | null;
  readonly binding: 'drug' | 'epinephrine' | null;
}

/**
 * [EP5] How much more of a variant may be given this visit: by the drug's maximum (what is left of
 * the larger of its drug's share and the combined share of every local anesthetic, LA10) and by the
 * epinephrine left (EP3), in mg and cartridges of the variant as the case dilutes it, each rounded
 * down to 0.1; the smaller binds. Worked example (issue 29): lidocaine 2 % 1:100,000, a healthy
 * adult of 70 kg, manufacturer limits, nothing given: by lidocaine min(500, 7 × 70 = 490) = 490 mg,
 * 490 / 36 mg a cartridge = 13.6 cartridges; by epinephrine 0.2 mg / (0.01 mg/mL × 1.8 mL =
 * 0.018 mg a cartridge) = 11.1 cartridges: epinephrine binds. Null for an unknown variant.
 */
export function localAnestheticCartridgeLimit(q: {
  variantId: string;
  weightKg: number | null;
  limits: LimitSet;
  cardiac: boolean;
  doses?: readonly (LocalDoseForToxicity & DoseEpinephrine)[];
  dilutionPercent?: number | null;
}): LocalAnestheticCartridgeLimit | null {
  const v = findVariant(q.variantId);
  if (v == null) return null;
  const doses = q.doses ?? [];
  const conc = concentrationMgPerMl(v, q.dilutionPercent);
  const mgPerCartridge = conc * v.cartridgeMl;
  const amount = (mg: number): RemainingAmount => ({
    mg: floorTo(Math.max(0, mg), 1),
    cartridges: floorTo(Math.max(0, mg) / mgPerCartridge, 1),
  });

  const max = toxicityMaxMg(v, q.weightKg, q.limits);
  let byDrug: RemainingAmount | null = null;
  if (max != null) {
    const t = localAnestheticToxicity(doses, q.weightKg, q.limits);
    const usedPct = Math.max(t.perDrug[toxicityDrugId(v.drugId)] ?? 0, t.combined);
    byDrug = amount(((100 - usedPct) / 100) * max);
  }

  // Epinephrine per mL of the variant as the case dilutes it (LA8: the same factor as the drug).
  const epiPerMl = epiMgPerMl(v.epi) * (conc / concentrationMgPerMl(v));
  let byEpinephrine: RemainingAmount | null = null;
  if (epiPerMl > 0) {
    const left = epinephrineStatus(doses, q.cardiac).remainingMg;
    byEpinephrine = amount((left / epiPerMl) * conc);
  }

  if (byDrug == null && byEpinephrine == null) return { byDrug, byEpinephrine, remaining: null, binding: null };
  const epinephrineBinds = byEpinephrine != null && (byDrug == null || byEpinephrine.mg < byDrug.mg);
  return {
    byDrug,
    byEpinephrine,
    remaining: epinephrineBinds ? byEpinephrine : byDrug,
    binding: epinephrineBinds ? 'epinephrine' : 'drug',
  };
}
