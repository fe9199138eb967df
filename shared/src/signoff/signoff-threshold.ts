import { clock } from '../case-data/read.js';
import { caseWeightKg, drugTotalRows } from '../report/totals.js';
import { kgText } from '../rules/bmi.js';
import { ledgerLineDifference, ledgerLineReconciles } from '../rules/ledger.js';
import { caseDoseWeight, IDEAL_BODY_WEIGHT_FROM_AGE, type DoseWeight } from '../rules/ideal-body-weight.js';
import {
  localAnestheticToxicity,
  LOCAL_ANESTHETIC_DRUGS,
  toxicityPercentForDisplay,
  type LimitSet,
  type LocalAnestheticDrugId,
  type LocalToxicity,
} from '../rules/local-anesthetics.js';
import { caseCardiacDisease, epinephrineStatus } from '../rules/local-anesthetics-epinephrine.js';
import type { SignoffCase, SignoffReading } from '../rules/signoff-case.js';
import { flag, type SignoffContext, type SignoffFlag, type SignoffInput } from './signoff-rules.js';

/**
 * Sign-off flags of the category 'threshold' (issue 29): readings and doses past the limits a
 * clinician acts on. Rules SO12–SO15 (shared/RULES.md "Sign-off flags"); the vital bands and
 * their sources are in docs/decisions.md (session 18, flags).
 */

/** A vital's action limits: below min or above max is flagged; a side left out is not checked. */
export interface ActionLimits {
  readonly min?: number;
  readonly max?: number;
}

export interface VitalActionLimits {
  readonly band: string;
  readonly hr: ActionLimits;
  readonly rr: ActionLimits;
  readonly spo2: ActionLimits;
  readonly sbp: ActionLimits;
  readonly dbp: ActionLimits;
}

/** Below this SpO2 a clinician acts, at every age (hypoxaemia of the AAP/AAPD sedation guideline). */
export const SPO2_ACTION_BELOW = 90;

/**
 * [SO12] The limits a clinician acts on during sedation, by age in whole years (null reads as an
 * adult). Children: the PALS tables (AHA) of heart rate (awake upper, sleeping lower) and
 * respiratory rate by age, and PALS hypotension (SBP < 70 in infants, < 70 + 2 × age from 1 to 10
 * years, < 90 from 10). Adults (18+): heart rate 50–120, respiratory rate 10–30, SBP 90–180, DBP
 * up to 120. SpO2 below 90 % at every age.
 */
export function vitalActionLimits(ageYears: number | null): VitalActionLimits {
  const spo2 = { min: SPO2_ACTION_BELOW };
  const age = ageYears == null || !Number.isFinite(ageYears) || ageYears < 0 ? null : Math.floor(ageYears);
  if (age == null || age >= 18) {
    return {
      band: 'an adult',
      hr: { min: 50, max: 120 },
      rr: { min: 10, max: 30 },
      spo2,
      sbp: { min: 90, max: 180 },
      dbp: { max: 120 },
    };
  }
  const band = `a child of ${age} ${age === 1 ? 'year' : 'years'}`;
  const hr =
    age < 1
      ? { min: 75, max: 205 }
      : age < 2
        ? { min: 75, max: 190 }
        : age <= 10
          ? { min: 60, max: 140 }
          : { min: 50, max: 100 };
  const rr =
    age < 1
      ? { min: 30, max: 60 }
      : age <= 3
        ? { min: 24, max: 40 }
        : age <= 5
          ? { min: 22, max: 34 }
          : age <= 12
            ? { min: 18, max: 30 }
            : { min: 12, max: 20 };
  const sbpMin = age < 1 ? 70 : age <= 10 ? 70 + 2 * age : 90;
  return { band, hr, rr, spo2, sbp: { min: sbpMin }, dbp: {} };
}

const VITAL_WORDS: Readonly<Record<'hr' | 'rr' | 'spo2' | 'sbp' | 'dbp', { name: string; unit: string }>> = {
  spo2: { name: 'SpO2', unit: ' %' },
  hr: { name: 'Heart rate', unit: '/min' },
  rr: { name: 'Respiratory rate', unit: '/min' },
  sbp: { name: 'Systolic pressure', unit: ' mmHg' },
  dbp: { name: 'Diastolic pressure', unit: ' mmHg' },
};

/**
 * [SO12] A reading outside the action limits for the patient's age (vitalActionLimits): one flag
 * per vital and side ('SO12:spo2:low'), naming the most extreme value and when it was read.
 */
export function vitalLimitFlags({ ctx, kase, timeZone }: SignoffInput): SignoffFlag[] {
  const limits = vitalActionLimits(ctx.patient.ageYears);
  const out: SignoffFlag[] = [];
  for (const id of ['spo2', 'hr', 'rr', 'sbp', 'dbp'] as const) {
    const { min, max } = limits[id];
    const words = VITAL_WORDS[id];
    let low: SignoffReading | null = null;
    let high: SignoffReading | null = null;
    for (const r of kase.readings) {
      const v = r.values[id];
      if (v == null) continue;
      if (min != null && v < min && (low == null || v < low.values[id]!)) low = r;
      if (max != null && v > max && (high == null || v > high.values[id]!)) high = r;
    }
    const fields = (r: SignoffReading): string[] => [r.source === 'manual' ? 'manualVitals' : 'vitalsRecords'];
    if (low) {
      out.push(
        flag(
          'SO12',
          `${id}:low`,
          fields(low),
          `${words.name} fell to ${low.values[id]}${words.unit} at ${clock(low.time, timeZone)} (below ${min}${words.unit} for ${limits.band}).`,
        ),
      );
    }
    if (high) {
      out.push(
        flag(
          'SO12',
          `${id}:high`,
          fields(high),
          `${words.name} rose to ${high.values[id]}${words.unit} at ${clock(high.time, timeZone)} (above ${max}${words.unit} for ${limits.band}).`,
        ),
      );
    }
  }
  return out;
}

const LIMIT_SET_ORDER: readonly LimitSet[] = ['aapd', 'manufacturer'];

/**
 * [LA19] The limit set the provider chose for the case in the L.A. tracker (`localAnestheticLimits`,
 * CD17), or null when none was chosen (or the value is not a limit set).
 */
export function caseLimitSet(caseData: unknown): LimitSet | null {
  const v =
    typeof caseData === 'object' && caseData !== null
      ? (caseData as Record<string, unknown>).localAnestheticLimits
      : null;
  return v === 'aapd' || v === 'manufacturer' ? v : null;
}

const isChild = (ageYears: number | null): boolean => ageYears != null && ageYears < IDEAL_BODY_WEIGHT_FROM_AGE;

/**
 * [LA19] The limit sets that suit a patient's age: the pediatric-dentistry (AAPD) maxima under 18,
 * the manufacturer's from 18 (AAPD figures are written for children), both for an unknown age.
 */
export function ageDefaultLimitSets(ageYears: number | null): readonly LimitSet[] {
  if (ageYears == null) return LIMIT_SET_ORDER;
  return isChild(ageYears) ? ['aapd'] : ['manufacturer'];
}

/**
 * [LA19] The set the L.A. tracker shows: the one chosen for the case, else AAPD under 18 or for an
 * unknown age (the stricter), the manufacturer's from 18.
 */
export function trackerLimitSet(ageYears: number | null, chosen: LimitSet | null): LimitSet {
  if (chosen != null) return chosen;
  return ageYears != null && !isChild(ageYears) ? 'manufacturer' : 'aapd';
}

/**
 * [LA19] The limit sets local anesthetics are checked against at sign-off: the age default and the
 * set chosen for the case, so that neither a dose past the maximum the provider watched nor one past
 * the maximum for the patient's age passes silently. Each drug is judged by the set giving it the
 * higher share (the stricter; AAPD is never looser than the manufacturer's, LA2, LA17).
 */
export function signoffLimitSets(ageYears: number | null, chosen: LimitSet | null = null): readonly LimitSet[] {
  const sets = new Set<LimitSet>([...ageDefaultLimitSets(ageYears), ...(chosen == null ? [] : [chosen])]);
  return LIMIT_SET_ORDER.filter((set) => sets.has(set));
}

/** Vigil's texts for the limit set note (the spec gives none). */
export const LIMIT_SET_TEXTS = {
  stricterAtSignoff: (ageYears: number | null): string =>
    `Sign-off also checks these doses against the pediatric dentistry (AAPD) limits, the stricter set for ${
      ageYears == null ? 'a patient whose age is not known' : `a patient under ${IDEAL_BODY_WEIGHT_FROM_AGE}`
    }.`,
} as const;

/**
 * [LA19] The tracker's one-line note when the set it shows is looser than the one sign-off checks
 * as well: the manufacturer's limits chosen for a child or a patient of unknown age. Null
 * otherwise (an adult's AAPD choice is the stricter set, checked as shown).
 */
export function signoffLimitSetNote(ageYears: number | null, shown: LimitSet): string | null {
  const stricter = signoffLimitSets(ageYears, shown).filter((set) => set !== shown);
  return shown === 'manufacturer' && stricter.includes('aapd') ? LIMIT_SET_TEXTS.stricterAtSignoff(ageYears) : null;
}

const LIMIT_SET_WORDS: Readonly<Record<LimitSet, string>> = {
  aapd: 'pediatric dentistry (AAPD) limits',
  manufacturer: "manufacturer's limits",
};

/** The case's local anesthetic toxicity in each limit set sign-off checks (LA19), on the dose weight (IBW2). */
function localToxicity(
  kase: SignoffCase,
  patient: SignoffContext['patient'],
): { results: { set: LimitSet; t: LocalToxicity }[]; weight: DoseWeight } {
  const ageYears = patient.ageYears;
  const weight = caseDoseWeight(kase.data, { ageYears, sex: patient.sex ?? null });
  const doses = kase.localDoses
    .filter((d) => d.mg != null)
    .map((d) => ({ variantId: d.variantId, mg: d.mg!, time: d.time }));
  const sets = signoffLimitSets(ageYears, caseLimitSet(kase.data));
  return { results: sets.map((set) => ({ set, t: localAnestheticToxicity(doses, weight.kg, set) })), weight };
}

/** The highest share among the sets, with its set (the first set on a tie). */
function strictest(
  results: readonly { set: LimitSet; t: LocalToxicity }[],
  share: (t: LocalToxicity) => number | undefined,
): { set: LimitSet; pct: number } | null {
  let best: { set: LimitSet; pct: number } | null = null;
  for (const { set, t } of results) {
    const pct = share(t);
    if (pct !== undefined && (best == null || pct > best.pct)) best = { set, pct };
  }
  return best;
}

/**
 * [SO13] A dose past its maximum: a drug whose cumulative share of its maxima is above 100 %
 * (DM3, as the drugs section and the report total it, RL5), a local anesthetic above 100 % of its
 * own maximum (LA10, in the stricter of the sets of signoffLimitSets, LA19, on the dose weight), and the visit's
 * epinephrine past its limit (EP1, EP3). One flag per drug.
 */
export function overMaximumFlags({ ctx, kase }: SignoffInput): SignoffFlag[] {
  const out: SignoffFlag[] = [];
  const ageYears = ctx.patient.ageYears;
  for (const row of drugTotalRows(kase.data, caseWeightKg(kase.data), ageYears)) {
    if (row.pctOfMax == null || !(row.pctOfMax > 100) || row.maxDose == null) continue;
    out.push(
      flag(
        'SO13',
        `${row.name.toLowerCase()}:${row.group}`,
        ['drugsAdministered'],
        `${row.name} (${row.group}): ${row.total} ${row.unit} given, ${row.pctOfMax} % of the ${row.maxDose.amount} ${row.maxDose.unit} maximum.`,
      ),
    );
  }
  const { results } = localToxicity(kase, ctx.patient);
  const drugs = new Set(results.flatMap(({ t }) => Object.keys(t.perDrug) as LocalAnestheticDrugId[]));
  for (const drug of drugs) {
    const best = strictest(results, (t) => t.perDrug[drug]);
    if (best == null || !(best.pct > 100)) continue;
    out.push(
      flag(
        'SO13',
        `local:${drug}`,
        ['localDoses'],
        `${LOCAL_ANESTHETIC_DRUGS[drug].name} is at ${toxicityPercentForDisplay(best.pct)} % of its maximum dose (${LIMIT_SET_WORDS[best.set]}).`,
      ),
    );
  }
  const cardiac = caseCardiacDisease(kase.data).cardiac;
  const epi = epinephrineStatus(kase.localDoses, cardiac);
  if (epi.givenMg > epi.maxMg) {
    out.push(
      flag(
        'SO13',
        'epinephrine',
        ['localDoses'],
        `Epinephrine is at ${Math.ceil(epi.givenMg * 1000) / 1000} mg, past the ${epi.maxMg} mg limit of a visit${cardiac ? ' with cardiovascular disease' : ''}.`,
      ),
    );
  }
  return out;
}

/** At or above this share of the maximum, cumulative local anesthetic is flagged (issue 29). */
export const LOCAL_ANESTHETIC_FLAG_PCT = 80;

/**
 * [SO14] Cumulative local anesthetic at or above 80 % of the maximum: the combined share across
 * all agents (LA10), unrounded, in the stricter of the sets of signoffLimitSets (LA19) on the dose weight.
 */
export function localCumulativeFlags({ ctx, kase }: SignoffInput): SignoffFlag[] {
  const { results, weight } = localToxicity(kase, ctx.patient);
  const best = strictest(results, (t) => t.combined);
  if (best == null || !(best.pct >= LOCAL_ANESTHETIC_FLAG_PCT)) return [];
  const kg =
    weight.kg == null
      ? 'no weight recorded'
      : `${kgText(weight.kg)}${weight.basis === 'ideal' ? ' ideal body weight' : ''}`;
  return [
    flag(
      'SO14',
      null,
      ['localDoses'],
      `Local anesthetics are at ${toxicityPercentForDisplay(best.pct)} % of the maximum dose (${LIMIT_SET_WORDS[best.set]}, ${kg}).`,
    ),
  ];
}

/**
 * [SO15] Every controlled-drug ledger line of the case reconciles (LG11: drawn = given + wasted +
 * returned); none is checked when the drugInventory flag is off (ledger null). One flag per drug.
 */
export function ledgerFlags({ ctx }: SignoffInput): SignoffFlag[] {
  if (ctx.ledger == null) return [];
  return ctx.ledger
    .filter((line) => !ledgerLineReconciles(line))
    .map((line) => {
      const diff = ledgerLineDifference(line);
      const n = (x: number): string => `${Number(x.toFixed(4))} ${line.unit}`;
      const what = diff > 0 ? `${n(diff)} unaccounted for` : `${n(-diff)} more used than drawn`;
      return flag(
        'SO15',
        line.drug.trim().toLowerCase(),
        ['drugsAdministered'],
        `${line.drug} does not reconcile: ${n(line.drawn)} drawn, ${n(line.given)} given, ${n(line.wasted)} wasted, ${n(line.returned)} returned (${what}).`,
      );
    });
}

/** Every 'threshold' flag, in rule order. */
export function thresholdFlags(input: SignoffInput): SignoffFlag[] {
  return [...vitalLimitFlags(input), ...overMaximumFlags(input), ...localCumulativeFlags(input), ...ledgerFlags(input)];
}
