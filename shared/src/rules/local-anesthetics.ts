import { CARTRIDGE_ML } from '../constants/case.js';
import { HOUR, MINUTE } from '../constants/time.js';
import type { Issue } from '../case-data/issue.js';
import { warningIssue as warning } from '../case-data/issue.js';
import { ceilTo, floorTo, roundTo } from '../units.js';
import type { Kilograms, MgPerKg, MgPerMl, Milligrams, Millilitres } from '../units.js';

/**
 * The local anesthetic catalogue and toxicity limits (spec 002 §3, §5, §9). How half-lives and
 * ambiguous maxima are used is recorded in docs/decisions.md "Clinical rules".
 */

export type LocalAnestheticDrugId =
  'lidocaine' | 'articaine' | 'bupivacaine' | 'prilocaine' | 'mepivacaine' | 'exparel' | 'oraverse';
/** The five drugs with manufacturer and pediatric-dentistry maxima (spec 002 §9). */
export type DosedLocalAnestheticId = 'lidocaine' | 'articaine' | 'bupivacaine' | 'prilocaine' | 'mepivacaine';
/** Epinephrine 1:x,000 (epi 100 means 1:100,000) (spec 002 §3). */
export type Epi = 0 | 50 | 100 | 200;
export type LimitSet = 'manufacturer' | 'aapd';

/** One maximum: an absolute mg and a mg/kg ratio, either of which the spec may not give. */
export interface DoseLimit {
  readonly absoluteMg: Milligrams | null;
  readonly ratioMgPerKg: MgPerKg | null;
}

/** A maximum as published (the drug's label, or the AAPD guideline), with where it comes from. */
export interface PublishedLimit extends DoseLimit {
  readonly source: string;
}

export interface LocalAnestheticDrug {
  readonly id: LocalAnestheticDrugId;
  readonly name: string;
  readonly brandName?: string;
  readonly altName?: string;
  /** Concentration in percent (g per 100 mL); 2 % is 20 mg/mL. */
  readonly percent: number;
  readonly halfLifeMinutes: number;
  readonly input: 'cartridges' | 'mg';
  readonly minAge: number | null;
  readonly ageWarning: string | null;
  readonly reminder?: string;
  readonly noEpiWarning?: string;
}

export interface LocalAnestheticVariant {
  readonly id: string;
  readonly drugId: LocalAnestheticDrugId;
  readonly epi: Epi;
  /** The vasoconstrictor of the variant: epinephrine when epi > 0, or levonordefrin. */
  readonly vasoconstrictor: 'epinephrine' | 'levonordefrin' | null;
  /** Overrides the drug's percent (mepivacaine 2 % with levonordefrin). */
  readonly percent: number;
  /** Manufacturer maxima as the spec gives them (manAbsoluteMax, manRatioMax). */
  readonly manufacturer: DoseLimit | null;
  /** Pediatric-dentistry maxima as the spec gives them (aapdAbsoluteMax, aapdRatioMax). */
  readonly aapd: DoseLimit | null;
  /**
   * [LA17] The published dental figures of each limit set with their source (the label for
   * manufacturer, the AAPD guideline for aapd), where one is published; a side stricter than
   * the spec's replaces it (docs/decisions.md, session 18).
   */
  readonly published: Readonly<Partial<Record<LimitSet, PublishedLimit>>>;
  readonly enableDilute: boolean;
  readonly skipForToxicity: boolean;
  /** Volume of one cartridge in mL: 1.8 (spec 002 §9), OraVerse 1.7 (0.4 mg per 1.7 mL). */
  readonly cartridgeMl: number;
  /** Concentration override in mg/mL where the spec gives it as mg per volume (OraVerse). */
  readonly mgPerMl?: number;
}

/** Age-warning, reminder and no-epinephrine texts, exactly as spec 002 §5 (typos and trailing periods included). */
export const LOCAL_ANESTHETIC_TEXTS = {
  articaineAge: 'Manufacturer recommends not using on patients 4 and under.',
  bupivacaineAge: 'Extra caution advised for pediatric patients.',
  exparelAge: 'FDA approved for 18+ only.',
  oraverseAge:
    'The safety and efficacy of Phentolamine Mesylate has not been established in patients younger than 3 years.',
  oraverseNoEpi:
    'No doses with epinepherine have been recorded. Should only be given after locals with a vasoconstrictor.',
  exparelReminder:
    'never inject within 20 minutes of any other non-bupivacaine local anesthetic, nor give any other local anesthetic within 96 hours after Exparel.',
  oraverseReminder: 'OraVerse should follow only local anesthetics with a vasoconstrictor.',
} as const;

const mg = (n: number): Milligrams => n as Milligrams;
const perKg = (n: number): MgPerKg => n as MgPerKg;
const limit = (absolute: number | null, ratio: number | null): DoseLimit => ({
  absoluteMg: absolute == null ? null : mg(absolute),
  ratioMgPerKg: ratio == null ? null : perKg(ratio),
});

/** [LA1] The drugs, concentrations, half-lives, input modes and minimum ages (spec 002 §3, §5, §9). */
export const LOCAL_ANESTHETIC_DRUGS: Readonly<Record<LocalAnestheticDrugId, LocalAnestheticDrug>> = {
  lidocaine: {
    id: 'lidocaine',
    name: 'Lidocaine',
    percent: 2,
    halfLifeMinutes: 120,
    input: 'cartridges',
    minAge: null,
    ageWarning: null,
  },
  articaine: {
    id: 'articaine',
    name: 'Articaine',
    percent: 4,
    halfLifeMinutes: 44.4,
    input: 'cartridges',
    minAge: 5,
    ageWarning: LOCAL_ANESTHETIC_TEXTS.articaineAge,
  },
  bupivacaine: {
    id: 'bupivacaine',
    name: 'Bupivacaine',
    percent: 0.5,
    halfLifeMinutes: 3.5 * 60,
    input: 'cartridges',
    minAge: 13,
    ageWarning: LOCAL_ANESTHETIC_TEXTS.bupivacaineAge,
  },
  prilocaine: {
    id: 'prilocaine',
    name: 'Prilocaine',
    percent: 4,
    halfLifeMinutes: 1.6 * 60,
    input: 'cartridges',
    minAge: null,
    ageWarning: null,
  },
  mepivacaine: {
    id: 'mepivacaine',
    name: 'Mepivacaine',
    percent: 3,
    halfLifeMinutes: 1.9 * 60,
    input: 'cartridges',
    minAge: null,
    ageWarning: null,
  },
  exparel: {
    id: 'exparel',
    name: 'Exparel',
    altName: 'Bupivacaine liposome',
    percent: 1.33,
    halfLifeMinutes: 24 * 60,
    input: 'mg',
    minAge: 18,
    ageWarning: LOCAL_ANESTHETIC_TEXTS.exparelAge,
    reminder: LOCAL_ANESTHETIC_TEXTS.exparelReminder,
  },
  oraverse: {
    id: 'oraverse',
    name: 'OraVerse',
    altName: 'Phentolamine',
    percent: 0.4 / 1.7 / 10,
    halfLifeMinutes: 0,
    input: 'cartridges',
    minAge: 3,
    ageWarning: LOCAL_ANESTHETIC_TEXTS.oraverseAge,
    reminder: LOCAL_ANESTHETIC_TEXTS.oraverseReminder,
    noEpiWarning: LOCAL_ANESTHETIC_TEXTS.oraverseNoEpi,
  },
};

function variant(
  id: string,
  drugId: LocalAnestheticDrugId,
  epi: Epi,
  manufacturer: DoseLimit | null,
  aapd: DoseLimit | null,
  extra: Partial<LocalAnestheticVariant> = {},
): LocalAnestheticVariant {
  return {
    id,
    drugId,
    epi,
    vasoconstrictor: epi > 0 ? 'epinephrine' : null,
    percent: LOCAL_ANESTHETIC_DRUGS[drugId].percent,
    manufacturer,
    aapd,
    published: PUBLISHED_LIMITS[id] ?? {},
    enableDilute: true,
    skipForToxicity: false,
    cartridgeMl: CARTRIDGE_ML,
    ...extra,
  };
}

const published = (absolute: number | null, ratio: number | null, source: string): PublishedLimit => ({
  ...limit(absolute, ratio),
  source,
});

const MALAMED = 'Malamed, Handbook of Local Anesthesia, 7th ed., table of maximum recommended doses';
const AAPD_GUIDELINE =
  'AAPD, Use of Local Anesthesia for Pediatric Dental Patients (Reference Manual of Pediatric Dentistry), maximum dosage table';
const LIDOCAINE_EPI_LABEL = published(
  500,
  7,
  `Xylocaine Dental label (lidocaine with epinephrine): 7 mg/kg, 500 mg; ${MALAMED}`,
);
const MEPIVACAINE_LABEL = published(400, 6.6, `Carbocaine / Polocaine Dental label: 6.6 mg/kg, 400 mg; ${MALAMED}`);
const PRILOCAINE_LABEL = published(600, 8, `Citanest Plain / Forte Dental label: 8 mg/kg, 600 mg; ${MALAMED}`);
const ARTICAINE_LABEL = published(null, 7, `Septocaine label: 7 mg/kg, no total given; ${MALAMED}`);
const AAPD_LIDOCAINE_MEPIVACAINE = published(300, 4.4, `${AAPD_GUIDELINE}: 4.4 mg/kg, 300 mg`);

/**
 * [LA17] The published dental maxima per variant and limit set (docs/decisions.md, session 18):
 * the label (manufacturer) and the AAPD guideline, each checked against the spec. Only
 * bupivacaine is stricter than the spec: its dental label gives 90 mg, 2.0 mg/kg
 * (Marcaine / Vivacaine; the spec's 7 mg/kg is not a dental figure) and AAPD 1.3 mg/kg, 90 mg
 * where the spec gives no AAPD figure. Prilocaine's AAPD figure (8 mg/kg, 600 mg) is looser than
 * the spec's 300 mg (6), which stays. Lidocaine plain has no dental cartridge: its label is the
 * medical one (4.5 mg/kg, 300 mg).
 */
const PUBLISHED_LIMITS: Readonly<Record<string, Partial<Record<LimitSet, PublishedLimit>>>> = {
  'lidocaine-plain': {
    manufacturer: published(300, 4.5, 'Xylocaine (lidocaine HCl injection) label: 4.5 mg/kg, 300 mg'),
    aapd: AAPD_LIDOCAINE_MEPIVACAINE,
  },
  'lidocaine-epi50': { manufacturer: LIDOCAINE_EPI_LABEL, aapd: AAPD_LIDOCAINE_MEPIVACAINE },
  'lidocaine-epi100': { manufacturer: LIDOCAINE_EPI_LABEL, aapd: AAPD_LIDOCAINE_MEPIVACAINE },
  'articaine-epi100': { manufacturer: ARTICAINE_LABEL, aapd: published(500, 7, `${AAPD_GUIDELINE}: 7 mg/kg, 500 mg`) },
  'articaine-epi200': { manufacturer: ARTICAINE_LABEL, aapd: published(500, 7, `${AAPD_GUIDELINE}: 7 mg/kg, 500 mg`) },
  'bupivacaine-epi200': {
    manufacturer: published(
      90,
      2,
      `Marcaine / Vivacaine dental label (bupivacaine 0.5% with epinephrine 1:200,000): 90 mg total, 2.0 mg/kg (Canadian labelling); ${MALAMED}`,
    ),
    aapd: published(90, 1.3, `${AAPD_GUIDELINE}: 1.3 mg/kg, 90 mg`),
  },
  'prilocaine-plain': { manufacturer: PRILOCAINE_LABEL, aapd: published(600, 8, `${AAPD_GUIDELINE}: 8 mg/kg, 600 mg`) },
  'prilocaine-epi200': {
    manufacturer: PRILOCAINE_LABEL,
    aapd: published(600, 8, `${AAPD_GUIDELINE}: 8 mg/kg, 600 mg`),
  },
  'mepivacaine-plain': { manufacturer: MEPIVACAINE_LABEL, aapd: AAPD_LIDOCAINE_MEPIVACAINE },
  'mepivacaine-levonordefrin': { manufacturer: MEPIVACAINE_LABEL, aapd: AAPD_LIDOCAINE_MEPIVACAINE },
};

/**
 * [LA2] The variants and their maxima as spec 002 §9 gives them:
 * lidocaine plain 300 mg (4.5), with epinephrine 500 mg (7), AAPD 300 mg (4.4);
 * articaine 7 mg/kg, AAPD 500 mg; bupivacaine 90 mg, 7 mg/kg; prilocaine 600 mg (8),
 * AAPD 400 mg or 300 mg (6) — read as 300 mg (6), the smaller; mepivacaine 400 mg (6.6),
 * AAPD 300 mg (4.4). Exparel and OraVerse have no maxima; OraVerse is skipped for toxicity.
 */
export const LOCAL_ANESTHETIC_VARIANTS: readonly LocalAnestheticVariant[] = [
  variant('lidocaine-plain', 'lidocaine', 0, limit(300, 4.5), limit(300, 4.4)),
  variant('lidocaine-epi50', 'lidocaine', 50, limit(500, 7), limit(300, 4.4)),
  variant('lidocaine-epi100', 'lidocaine', 100, limit(500, 7), limit(300, 4.4)),
  variant('articaine-epi100', 'articaine', 100, limit(null, 7), limit(500, null)),
  variant('articaine-epi200', 'articaine', 200, limit(null, 7), limit(500, null)),
  variant('bupivacaine-epi200', 'bupivacaine', 200, limit(90, 7), null),
  variant('prilocaine-plain', 'prilocaine', 0, limit(600, 8), limit(300, 6)),
  variant('prilocaine-epi200', 'prilocaine', 200, limit(600, 8), limit(300, 6)),
  variant('mepivacaine-plain', 'mepivacaine', 0, limit(400, 6.6), limit(300, 4.4)),
  variant('mepivacaine-levonordefrin', 'mepivacaine', 0, limit(400, 6.6), limit(300, 4.4), {
    percent: 2,
    vasoconstrictor: 'levonordefrin',
  }),
  variant('exparel', 'exparel', 0, null, null, { enableDilute: false }),
  variant('oraverse', 'oraverse', 0, null, null, {
    enableDilute: false,
    skipForToxicity: true,
    cartridgeMl: 1.7,
    mgPerMl: 0.4 / 1.7,
  }),
];

/** Finds a variant by id; undefined for an unknown id. */
export function findVariant(variantId: string): LocalAnestheticVariant | undefined {
  return LOCAL_ANESTHETIC_VARIANTS.find((v) => v.id === variantId);
}

/** [LA3] Concentration in mg/mL: percent × 10 (2 % → 20 mg/mL), or the custom dilution's percent (spec 002 §3). */
export function concentrationMgPerMl(v: LocalAnestheticVariant, dilutionPercent?: number | null): MgPerMl {
  if (dilutionPercent != null && v.enableDilute && dilutionPercent > 0) return (dilutionPercent * 10) as MgPerMl;
  return (v.mgPerMl ?? v.percent * 10) as MgPerMl;
}

/** Where a side of a limit comes from: the spec's figure, or a stricter published one (LA17). */
export type LimitSource = 'spec' | 'published';

/** One side of a limit (an absolute mg or a mg/kg ratio) with where it comes from. */
export interface LimitSide {
  readonly value: number;
  readonly source: LimitSource;
  /** 'spec 002 §9', or the label or guideline the figure is published in. */
  readonly sourceText: string;
}

export interface LimitDetail {
  readonly absolute: LimitSide | null;
  readonly ratio: LimitSide | null;
}

const SPEC_SOURCE = 'spec 002 §9';

/**
 * [LA4] [LA17] The limit that applies for a limit set, side by side with where each side comes
 * from. Where the spec gives a limit set only one of its two numbers, the same drug's other set
 * supplies the missing one (LA4: articaine's manufacturer set gets the 500 mg absolute, its AAPD
 * set 7 mg/kg). Each side is then the smaller of the spec's figure and the published one (LA17):
 * bupivacaine's manufacturer ratio is the label's 2.0 mg/kg, not the spec's 7 mg/kg, and its AAPD
 * set, which the spec does not give, is the guideline's 1.3 mg/kg, 90 mg. A tie is the spec's.
 * Null where neither the spec nor a publication gives the set (Exparel, OraVerse).
 */
export function limitDetail(v: LocalAnestheticVariant, set: LimitSet): LimitDetail | null {
  const own = set === 'manufacturer' ? v.manufacturer : v.aapd;
  const other = set === 'manufacturer' ? v.aapd : v.manufacturer;
  const pub = v.published[set] ?? null;
  if (own == null && pub == null) return null;
  const side = (spec: number | null, publishedValue: number | null): LimitSide | null => {
    if (spec != null && (publishedValue == null || spec <= publishedValue)) {
      return { value: spec, source: 'spec', sourceText: SPEC_SOURCE };
    }
    return publishedValue == null || pub == null
      ? null
      : { value: publishedValue, source: 'published', sourceText: pub.source };
  };
  return {
    absolute: side(own == null ? null : (own.absoluteMg ?? other?.absoluteMg ?? null), pub?.absoluteMg ?? null),
    ratio: side(own == null ? null : (own.ratioMgPerKg ?? other?.ratioMgPerKg ?? null), pub?.ratioMgPerKg ?? null),
  };
}

/** [LA4] [LA17] The limit that applies for a limit set (`limitDetail` without the sources). */
export function effectiveLimit(v: LocalAnestheticVariant, set: LimitSet): DoseLimit | null {
  const d = limitDetail(v, set);
  if (d == null) return null;
  return {
    absoluteMg: d.absolute == null ? null : mg(d.absolute.value),
    ratioMgPerKg: d.ratio == null ? null : perKg(d.ratio.value),
  };
}

/** A weight the mg/kg limit can be applied to: finite and above 0 kg. */
export function isUsableWeight(weightKg: Kilograms | number | null | undefined): weightKg is number {
  return weightKg != null && Number.isFinite(weightKg) && weightKg > 0;
}

/**
 * [LA5] Maximum dose in mg: the smaller of the absolute limit and ratio × weight, rounded down
 * to 0.1 mg. Without a usable weight the absolute limit still applies on its own (the caller
 * must also say that the per-kg limit could not be checked, LA11). Null without a limit, or
 * without a weight when the limit is a ratio only.
 */
export function maxDoseMg(
  v: LocalAnestheticVariant,
  set: LimitSet,
  weightKg: Kilograms | number | null,
): Milligrams | null {
  const l = effectiveLimit(v, set);
  if (l == null) return null;
  const byRatio =
    l.ratioMgPerKg == null || !isUsableWeight(weightKg) ? Number.POSITIVE_INFINITY : l.ratioMgPerKg * weightKg;
  const byAbsolute = l.absoluteMg ?? Number.POSITIVE_INFINITY;
  const max = Math.min(byRatio, byAbsolute);
  if (!Number.isFinite(max)) return null;
  return mg(floorTo(max, 1));
}

/** Which side of a limit set a maximum comes from, and that side's source (LA18). */
export interface MaxDoseBinding {
  readonly mg: Milligrams;
  /** 'perKg' when ratio × weight is below the absolute; 'absolute' otherwise (and without a weight). */
  readonly by: 'absolute' | 'perKg';
  readonly source: LimitSource;
  readonly sourceText: string;
  /** The ratio applied, when by is 'perKg'. */
  readonly ratioMgPerKg: number | null;
}

/**
 * [LA18] The maximum of `maxDoseMg` with what limits it: the absolute or the mg/kg side (the
 * smaller; a tie is the absolute), and whether that figure is the spec's or a stricter published
 * one (LA17), so the screen can say "2 mg/kg, manufacturer's label". Null where `maxDoseMg` is.
 */
export function maxDoseBinding(
  v: LocalAnestheticVariant,
  set: LimitSet,
  weightKg: Kilograms | number | null,
): MaxDoseBinding | null {
  const d = limitDetail(v, set);
  const max = maxDoseMg(v, set, weightKg);
  if (d == null || max == null) return null;
  const byRatio = d.ratio != null && isUsableWeight(weightKg) ? d.ratio.value * weightKg : Number.POSITIVE_INFINITY;
  const byAbsolute = d.absolute?.value ?? Number.POSITIVE_INFINITY;
  const side = byRatio < byAbsolute ? d.ratio : d.absolute;
  /* v8 ignore next -- maxDoseMg is null when neither side applies */
  if (side == null) return null;
  return {
    mg: max,
    by: side === d.ratio ? 'perKg' : 'absolute',
    source: side.source,
    sourceText: side.sourceText,
    ratioMgPerKg: side === d.ratio ? side.value : null,
  };
}

/** Cartridges in a mg amount of a variant at its catalogue concentration, rounded down to 0.1. */
function cartridgesIn(v: LocalAnestheticVariant, amountMg: number): number {
  return floorTo(amountMg / (concentrationMgPerMl(v) * v.cartridgeMl), 1);
}

/**
 * [LA5] The maximum of any catalogue variant (the 2 % mepivacaine with levonordefrin included)
 * as `{ mg, cartridges, perKgChecked }`; perKgChecked is false when no usable weight was given and
 * only the absolute limit applies. Null for an unknown variant or where LA5 gives no maximum.
 */
export function variantMaxDose(
  variantId: string,
  set: LimitSet,
  weightKg: number | null,
): { mg: number; cartridges: number; perKgChecked: boolean } | null {
  const v = findVariant(variantId);
  const max = v == null ? null : maxDoseMg(v, set, weightKg);
  if (v == null || max == null) return null;
  return { mg: max, cartridges: cartridgesIn(v, max), perKgChecked: isUsableWeight(weightKg) };
}

/**
 * [LA6] The named maximum of a drug and epinephrine variant (spec 002 §9): `{ mg, cartridges }`
 * with cartridges = mg / (mg per mL × 1.8 mL), both rounded down to 0.1. Null where the spec
 * gives no such variant (e.g. lidocaine epi 200, articaine plain) or no such limit
 * (bupivacaine AAPD), or without a usable weight: this shape cannot say that the per-kg limit was
 * not checked, so it never shows an absolute alone (use `variantMaxDose` for that). Mepivacaine
 * epi 0 is the 3 % plain variant.
 */
export function localAnestheticMaxDose(q: {
  drug: DosedLocalAnestheticId;
  epi: Epi;
  weightKg: number;
  limits: LimitSet;
}): { mg: number; cartridges: number } | null {
  const v = LOCAL_ANESTHETIC_VARIANTS.find(
    (x) => x.drugId === q.drug && x.epi === q.epi && x.vasoconstrictor !== 'levonordefrin',
  );
  if (v == null || !isUsableWeight(q.weightKg)) return null;
  const max = maxDoseMg(v, q.limits, q.weightKg);
  if (max == null) return null;
  return { mg: max, cartridges: cartridgesIn(v, max) };
}

/** [LA7] Epinephrine in mg/mL: 1:x,000 is 1 g per x,000 mL, i.e. 1/x mg/mL (epi 100 → 0.01). */
export function epiMgPerMl(epi: Epi): number {
  return epi === 0 ? 0 : 1 / epi;
}

export interface LocalDoseAmounts {
  readonly mg: Milligrams;
  readonly ml: Millilitres;
  readonly cartridges: number;
  readonly epiMg: Milligrams;
}

/**
 * [LA8] A local dose from cartridges, mL or mg: cartridges × cartridge mL = mL; mL × mg/mL = mg;
 * epinephrine mg = mL × 1/epi (spec 002 §3, §9). A custom dilution changes the drug's mg/mL and
 * scales the epinephrine by the same factor. Results are rounded to 4 decimals. Null for an
 * unknown variant or a negative or non-finite amount.
 */
export function localDoseAmounts(d: {
  variantId: string;
  amount: number;
  unit: 'ml' | 'mg' | 'cartridges';
  dilutionPercent?: number | null;
}): LocalDoseAmounts | null {
  const v = findVariant(d.variantId);
  if (v == null || !Number.isFinite(d.amount) || d.amount < 0) return null;
  const conc = concentrationMgPerMl(v, d.dilutionPercent);
  const ml = d.unit === 'ml' ? d.amount : d.unit === 'cartridges' ? d.amount * v.cartridgeMl : d.amount / conc;
  const dilutionFactor = conc / concentrationMgPerMl(v);
  return {
    mg: roundTo(ml * conc, 4) as Milligrams,
    ml: roundTo(ml, 4) as Millilitres,
    cartridges: roundTo(ml / v.cartridgeMl, 4),
    epiMg: roundTo(ml * epiMgPerMl(v.epi) * dilutionFactor, 4) as Milligrams,
  };
}

/** A dose already resolved to mg, as kept in the case (spec 001 §3 "Local dose"). */
export interface LocalDoseForToxicity {
  readonly variantId: string;
  readonly mg: number;
  /** Epoch ms. */
  readonly time?: number | null;
}

/** Vigil's texts for toxicity findings the spec does not word (docs/decisions.md "Clinical rules"). */
export const LOCAL_TOXICITY_TEXTS = {
  maxExceeded: (name: string, pct: number): string => `${name} is at ${pct}% of its maximum dose`,
  combinedExceeded: (pct: number): string => `Local anesthetics combined are at ${pct}% of the maximum dose`,
  weightMissing:
    'No weight recorded: only the absolute maximum of each local anesthetic is checked; the mg/kg maximum cannot be checked until a weight is entered.',
  unknownVariant: (variantId: string): string =>
    `Unknown local anesthetic "${variantId}": this dose is not counted toward any maximum dose.`,
  noMaximum: (name: string): string => `${name} has no maximum dose: this dose is not counted toward any maximum dose.`,
  invalidAmount: (name: string): string =>
    `${name} dose has no usable mg amount: this dose is not counted toward any maximum dose.`,
  exparelWithBupivacaine:
    'Exparel is bupivacaine: Exparel and bupivacaine are both given, and both count toward the bupivacaine maximum.',
} as const;

const BUPIVACAINE_VARIANT_ID = 'bupivacaine-epi200';

/** The drug a dose's toxicity counts under: Exparel (liposomal bupivacaine) counts as bupivacaine. */
export function toxicityDrugId(drugId: LocalAnestheticDrugId): LocalAnestheticDrugId {
  return drugId === 'exparel' ? 'bupivacaine' : drugId;
}

/**
 * [LA9] The maximum a dose of a variant counts against: its own (LA5), Exparel's is bupivacaine's
 * (the spec gives Exparel none); the limit set falls back to manufacturer where the chosen set has
 * no limit (bupivacaine AAPD). Without a usable weight the absolute alone (LA5). Null for OraVerse
 * (skipped for toxicity) and where no maximum can be found.
 */
export function toxicityMaxMg(v: LocalAnestheticVariant, weightKg: number | null, set: LimitSet): Milligrams | null {
  if (v.skipForToxicity) return null;
  const lv = v.drugId === 'exparel' ? (findVariant(BUPIVACAINE_VARIANT_ID) as LocalAnestheticVariant) : v;
  const max = maxDoseMg(lv, set, weightKg) ?? maxDoseMg(lv, 'manufacturer', weightKg);
  return max != null && max > 0 ? max : null;
}

/**
 * [LA9] A dose's share of its maximum in percent (mg / max × 100), unrounded: round only for
 * display (`toxicityPercentForDisplay`). Null for doses skipped for toxicity, of an unknown
 * variant, with a negative or non-finite mg, or without a maximum.
 */
export function localDosePctOfMax(dose: LocalDoseForToxicity, weightKg: number | null, set: LimitSet): number | null {
  const v = findVariant(dose.variantId);
  if (v == null || !Number.isFinite(dose.mg) || dose.mg < 0) return null;
  const max = toxicityMaxMg(v, weightKg, set);
  return max == null ? null : (dose.mg / max) * 100;
}

/** A dose that could not be counted toward any maximum, and why; each one gets a warning (LA11). */
export interface UncountedLocalDose {
  /** Index in the doses passed in (the case's localDoses). */
  readonly index: number;
  readonly variantId: string;
  readonly reason: 'unknownVariant' | 'noMaximum' | 'invalidAmount';
}

export interface LocalToxicity {
  /** Cumulative percent of maximum per drug, unrounded; Exparel counts under bupivacaine. */
  readonly perDrug: Partial<Record<LocalAnestheticDrugId, number>>;
  /** Cumulative percent across all local anesthetics, unrounded: toxicity adds up across agents. */
  readonly combined: number;
  /** Doses that could not be counted; never dropped silently. */
  readonly uncounted: readonly UncountedLocalDose[];
  /** A dose was counted without a usable weight: only absolute limits were checked. */
  readonly weightMissing: boolean;
  /** Exparel doses are included in the bupivacaine total. */
  readonly exparelCounted: boolean;
  /** Both Exparel and bupivacaine were given. */
  readonly exparelWithBupivacaine: boolean;
}

/**
 * [LA10] Cumulative toxicity (spec 002 §1, §3, §9): each dose adds its mg / max share (LA9) to its
 * drug's total (Exparel to bupivacaine's) and to the combined total across all agents. Half-life
 * never reduces the total within a case (docs/decisions.md). Totals are kept unrounded so the
 * above-100 % check (LA11) sees the true value. OraVerse is skipped; every other dose that cannot
 * be counted is listed in `uncounted`.
 */
export function localAnestheticToxicity(
  doses: readonly LocalDoseForToxicity[],
  weightKg: number | null,
  set: LimitSet,
): LocalToxicity {
  const perDrug: Partial<Record<LocalAnestheticDrugId, number>> = {};
  const uncounted: UncountedLocalDose[] = [];
  let combined = 0;
  let weightMissing = false;
  let exparel = false;
  let bupivacaine = false;
  doses.forEach((dose, index) => {
    const v = findVariant(dose.variantId);
    if (v == null) {
      uncounted.push({ index, variantId: dose.variantId, reason: 'unknownVariant' });
      return;
    }
    if (v.skipForToxicity) return;
    exparel ||= v.drugId === 'exparel';
    bupivacaine ||= v.drugId === 'bupivacaine';
    if (!isUsableWeight(weightKg)) weightMissing = true;
    if (!Number.isFinite(dose.mg) || dose.mg < 0) {
      uncounted.push({ index, variantId: dose.variantId, reason: 'invalidAmount' });
      return;
    }
    const max = toxicityMaxMg(v, weightKg, set);
    /* v8 ignore next 4 -- every catalogue variant has an absolute limit after LA4; kept so that a
       future ratio-only variant charted without a weight is listed (and warned), never dropped */
    if (max == null) {
      uncounted.push({ index, variantId: dose.variantId, reason: 'noMaximum' });
      return;
    }
    const pct = (dose.mg / max) * 100;
    const drug = toxicityDrugId(v.drugId);
    perDrug[drug] = (perDrug[drug] ?? 0) + pct;
    combined += pct;
  });
  return {
    perDrug,
    combined,
    uncounted,
    weightMissing,
    exparelCounted: exparel,
    exparelWithBupivacaine: exparel && bupivacaine,
  };
}

/**
 * [LA11] A share of a maximum as shown: rounded up to 0.1 %, so it never understates the true
 * share and a share above 100 % is never shown as 100 % (100.04 → 100.1).
 */
export function toxicityPercentForDisplay(pct: number): number {
  return ceilTo(pct, 1);
}

function drugNameOf(variantId: string): string {
  const v = findVariant(variantId);
  return v == null ? variantId : LOCAL_ANESTHETIC_DRUGS[v.drugId].name;
}

/**
 * [LA11] Toxicity warnings (never blocking), compared on unrounded shares: LOCAL_MAX_EXCEEDED per
 * drug above 100 % and LOCAL_COMBINED_MAX_EXCEEDED when the combined share is above 100 % (shown
 * rounded up, LA11); LOCAL_WEIGHT_MISSING when doses were counted without a weight (absolute
 * limits only); one LOCAL_UNKNOWN_VARIANT, LOCAL_DOSE_INVALID_AMOUNT or LOCAL_DOSE_UNCOUNTED per
 * dose that could not be counted; EXPAREL_WITH_BUPIVACAINE when both are given.
 */
export function localAnestheticToxicityIssues(t: LocalToxicity): Issue[] {
  const T = LOCAL_TOXICITY_TEXTS;
  const issues: Issue[] = [];
  for (const [drug, pct] of Object.entries(t.perDrug) as [LocalAnestheticDrugId, number][]) {
    if (pct > 100) {
      const base = LOCAL_ANESTHETIC_DRUGS[drug].name;
      const name = drug === 'bupivacaine' && t.exparelCounted ? `${base} (including Exparel)` : base;
      issues.push(warning('LOCAL_MAX_EXCEEDED', T.maxExceeded(name, toxicityPercentForDisplay(pct)), ['localDoses']));
    }
  }
  if (t.combined > 100) {
    issues.push(
      warning('LOCAL_COMBINED_MAX_EXCEEDED', T.combinedExceeded(toxicityPercentForDisplay(t.combined)), ['localDoses']),
    );
  }
  if (t.weightMissing) issues.push(warning('LOCAL_WEIGHT_MISSING', T.weightMissing, ['weight']));
  for (const u of t.uncounted) {
    const path = ['localDoses', u.index];
    if (u.reason === 'unknownVariant') {
      issues.push(warning('LOCAL_UNKNOWN_VARIANT', T.unknownVariant(u.variantId), path));
    } else if (u.reason === 'invalidAmount') {
      issues.push(warning('LOCAL_DOSE_INVALID_AMOUNT', T.invalidAmount(drugNameOf(u.variantId)), path));
    } else {
      issues.push(warning('LOCAL_DOSE_UNCOUNTED', T.noMaximum(drugNameOf(u.variantId)), path));
    }
  }
  if (t.exparelWithBupivacaine) {
    issues.push(warning('EXPAREL_WITH_BUPIVACAINE', T.exparelWithBupivacaine, ['localDoses']));
  }
  return issues;
}

/**
 * [LA12] Age warning: the drug's exact text when the patient is younger than its minimum age
 * (articaine 5, bupivacaine 13, Exparel 18, OraVerse 3) (spec 002 §5). Null when no age is known
 * or the drug has no minimum.
 */
export function localAnestheticAgeWarning(drugId: LocalAnestheticDrugId, ageYears: number | null): string | null {
  const d = LOCAL_ANESTHETIC_DRUGS[drugId];
  if (ageYears == null || d.minAge == null || !Number.isFinite(ageYears)) return null;
  return ageYears < d.minAge ? d.ageWarning : null;
}

const EXPAREL_OTHER_LOCAL_GAP_MS = 20 * MINUTE;
const EXPAREL_AFTER_WINDOW_MS = 96 * HOUR;

/**
 * [LA13] Exparel timing (spec 002 §5): a warning EXPAREL_WITHIN_20_MINUTES when Exparel is given
 * less than 20 minutes after a non-bupivacaine local anesthetic, and EXPAREL_WITHIN_96_HOURS when
 * any other local anesthetic is given less than 96 hours after Exparel. Both carry the reminder.
 * OraVerse (a reversal agent) is not a local anesthetic here. Doses without a time are ignored.
 */
export function exparelTimingIssues(doses: readonly LocalDoseForToxicity[]): Issue[] {
  const timed = doses
    .map((d, index) => ({ d, index, v: findVariant(d.variantId) }))
    .filter((x) => x.v != null && x.v.drugId !== 'oraverse' && x.d.time != null);
  const issues: Issue[] = [];
  for (const e of timed.filter((x) => x.v?.drugId === 'exparel')) {
    for (const o of timed) {
      if (o.v?.drugId === 'exparel') continue;
      const delta = (o.d.time as number) - (e.d.time as number);
      if (delta <= 0 && -delta < EXPAREL_OTHER_LOCAL_GAP_MS && o.v?.drugId !== 'bupivacaine') {
        issues.push(
          warning('EXPAREL_WITHIN_20_MINUTES', LOCAL_ANESTHETIC_TEXTS.exparelReminder, ['localDoses', e.index]),
        );
      } else if (delta > 0 && delta < EXPAREL_AFTER_WINDOW_MS) {
        issues.push(
          warning('EXPAREL_WITHIN_96_HOURS', LOCAL_ANESTHETIC_TEXTS.exparelReminder, ['localDoses', o.index]),
        );
      }
    }
  }
  return issues;
}

/**
 * [LA14] OraVerse no-epinephrine warning (spec 002 §5): when OraVerse is charted and no local
 * dose with a vasoconstrictor was recorded before it (or at all, for untimed doses).
 */
export function oraverseIssues(doses: readonly LocalDoseForToxicity[]): Issue[] {
  const issues: Issue[] = [];
  doses.forEach((d, index) => {
    if (findVariant(d.variantId)?.drugId !== 'oraverse') return;
    const ok = doses.some((o) => {
      const v = findVariant(o.variantId);
      if (v == null || v.vasoconstrictor == null || o.mg <= 0) return false;
      return d.time == null || o.time == null || o.time <= d.time;
    });
    if (!ok) issues.push(warning('ORAVERSE_NO_EPI', LOCAL_ANESTHETIC_TEXTS.oraverseNoEpi, ['localDoses', index]));
  });
  return issues;
}

/** The stored fields of a local dose (spec 001 §3 "Local dose"). */
export interface ResolvedLocalDose {
  readonly mg: number;
  readonly epiMg: number;
  readonly cartridges: number;
  readonly epiConcentration: Epi;
}

/**
 * [LA15] Resolves a charted local dose into its stored fields (spec 001 §3, spec 002 §3): mg,
 * epinephrine mg and cartridges from its amount and unit (LA8), using the case's custom dilution
 * for the variant when there is one, and the variant's epinephrine concentration. Null for an
 * unknown variant or an unusable amount.
 */
export function resolveLocalDose(
  dose: { drugVariantId: string; amount: number; unit: 'ml' | 'mg' | 'cartridges' },
  customDilutions: readonly { variantId: string; percent: number }[] = [],
): ResolvedLocalDose | null {
  const dilution = customDilutions.find((d) => d.variantId === dose.drugVariantId);
  const amounts = localDoseAmounts({
    variantId: dose.drugVariantId,
    amount: dose.amount,
    unit: dose.unit,
    dilutionPercent: dilution?.percent ?? null,
  });
  const v = findVariant(dose.drugVariantId);
  if (amounts == null || v == null) return null;
  return { mg: amounts.mg, epiMg: amounts.epiMg, cartridges: amounts.cartridges, epiConcentration: v.epi };
}

/** The custom dilution warning text (Vigil's; the spec gives none). */
export const CUSTOM_DILUTION_TEXTS = {
  implausible: (percent: number, name: string, stock: number, min: number): string =>
    `Custom dilution of ${percent}% is outside ${min}–${stock}% for ${name} ${stock}%: check the percent.`,
  unknownVariant: (variantId: string): string => `Custom dilution for unknown local anesthetic "${variantId}".`,
  notApplied: (name: string): string => `${name} cannot be diluted: the custom dilution is not applied.`,
} as const;

/**
 * [LA16] The plausible percent of a custom dilution of a variant: from a quarter of its catalogue
 * percent up to the catalogue percent (diluting never raises the concentration; a quarter covers
 * the usual clinical dilutions; a decimal slip, ×10 or ÷10, falls outside). Null where the
 * variant cannot be diluted (Exparel, OraVerse).
 */
export function customDilutionRange(v: LocalAnestheticVariant): { min: number; max: number } | null {
  return v.enableDilute ? { min: v.percent / 4, max: v.percent } : null;
}

/**
 * [LA16] Custom dilution warnings (never blocking; a non-positive percent is an error of CD8):
 * CUSTOM_DILUTION_IMPLAUSIBLE outside `customDilutionRange` (a mistyped 0.2 for 2 % would
 * under-count lidocaine tenfold), CUSTOM_DILUTION_UNKNOWN_VARIANT and CUSTOM_DILUTION_NOT_APPLIED
 * (Exparel, OraVerse), with the path of the dilution in the case's customDilutions.
 */
export function customDilutionIssues(dilutions: readonly { variantId?: unknown; percent?: unknown }[]): Issue[] {
  const T = CUSTOM_DILUTION_TEXTS;
  const issues: Issue[] = [];
  dilutions.forEach((d, index) => {
    if (typeof d.variantId !== 'string' || typeof d.percent !== 'number' || !(d.percent > 0)) return;
    const path = ['customDilutions', index];
    const v = findVariant(d.variantId);
    if (v == null) {
      issues.push(warning('CUSTOM_DILUTION_UNKNOWN_VARIANT', T.unknownVariant(d.variantId), path));
      return;
    }
    const name = LOCAL_ANESTHETIC_DRUGS[v.drugId].name;
    const range = customDilutionRange(v);
    if (range == null) {
      issues.push(warning('CUSTOM_DILUTION_NOT_APPLIED', T.notApplied(name), path));
    } else if (d.percent < range.min || d.percent > range.max) {
      issues.push(
        warning('CUSTOM_DILUTION_IMPLAUSIBLE', T.implausible(d.percent, name, range.max, range.min), [
          ...path,
          'percent',
        ]),
      );
    }
  });
  return issues;
}
