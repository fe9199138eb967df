import { z } from 'zod';
import { errorIssue, type Issue } from '../case-data/issue.js';
import { CASE_DATA_MESSAGES } from '../case-data/schema.js';
import { ORAL_ROUTES, PARENTERAL_ROUTES, type DrugRoute } from '../enums.js';
import type { DoseRoute, DrugMaximumRow } from '../rules/drug-maxima.js';
import { DRUG_MAXIMA } from '../rules/drug-maxima.js';
import { INHALATION_AGENTS, ORAL_SEDATIVES, PARENTERAL_DRUGS, drugSlug } from '../rules/drugs.js';
import type { PresetItem } from '../presets/items.js';
import type { PresetMacro } from '../presets/macro.js';
import { LOCAL_ANESTHETIC_VARIANTS } from '../rules/local-anesthetics.js';

/*
 * The office's drug list (issue 39; spec 000 §2 /org/{orgId}/customize-drugs, spec 001 §5
 * MISSING_DRUG_NAME): which drugs of shared's catalogues its providers see first (oral sedatives,
 * parenteral drugs, local anesthetic variants, inhalation agents), with their default unit,
 * routes and common doses, and the drugs the office adds of its own. Shared's catalogues stay the
 * source of every clinical limit; an office's own drug has no maximum until one with a cited
 * source is entered (OD4).
 */

export const OFFICE_DRUG_CATEGORIES = ['oral', 'parenteral', 'local', 'inhalation'] as const;
export type OfficeDrugCategory = (typeof OFFICE_DRUG_CATEGORIES)[number];

/** Limits of the list (the spec gives none: docs/decisions.md, session 27). */
export const OFFICE_DRUG_LIMITS = { maxItems: 200, maxName: 100, maxCommonDoses: 6, maxSource: 500 } as const;

/** The routes an office's own drug may be given by: the drugs form's (parenteral and oral). */
export const OFFICE_DRUG_ROUTES = [...PARENTERAL_ROUTES, ...ORAL_ROUTES] as const satisfies readonly DoseRoute[];

/** Where an office's own drug's id starts: the drugs form gives an unlisted name the same id. */
export const CUSTOM_DRUG_PREFIX = 'custom-';

/** A value that may be null, or absent (GraphQL's arguments leave a null out): kept as null. */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** A maximum the office enters for one of its own drugs, with where it comes from. */
export const officeDrugMaximumSchema = z.object({
  unit: z.enum(['mg', 'mcg']),
  perKg: orNull(z.number().positive().finite()),
  absolute: orNull(z.number().positive().finite()),
  source: z.string().max(OFFICE_DRUG_LIMITS.maxSource),
});
export type OfficeDrugMaximum = z.infer<typeof officeDrugMaximumSchema>;

/** One drug of the office's list as sent and as GraphQL answers it. */
export const officeDrugSchema = z.object({
  id: z.string().max(200),
  category: z.enum(OFFICE_DRUG_CATEGORIES),
  name: z.string().max(OFFICE_DRUG_LIMITS.maxName),
  custom: z.boolean(),
  unit: orNull(z.string().max(16)),
  routes: z.array(z.enum(OFFICE_DRUG_ROUTES)).max(OFFICE_DRUG_ROUTES.length),
  commonDoses: z.array(z.number().positive().finite()).max(OFFICE_DRUG_LIMITS.maxCommonDoses),
  maximum: orNull(officeDrugMaximumSchema),
});
export type OfficeDrug = z.infer<typeof officeDrugSchema>;

export const officeDrugListSchema = z.array(officeDrugSchema).max(OFFICE_DRUG_LIMITS.maxItems);

/** The office's list as GraphQL answers it: its own (editable by whoever administers it) and its parents'. */
export const officeDrugsViewSchema = z.object({
  drugs: z.array(officeDrugSchema),
  /** The parent organisations' lists, nearest first, without the drugs the office lists itself: read-only. */
  inherited: z.array(officeDrugSchema),
  /** The parent organisations whose lists reach this one, by name. */
  inheritedFrom: z.array(z.string()),
  editable: z.boolean(),
});
export type OfficeDrugsView = z.infer<typeof officeDrugsViewSchema>;

/** Vigil's texts for the list's problems (the spec words only MISSING_DRUG_NAME). */
export const OFFICE_DRUG_TEXTS = {
  unknown: 'Not a drug of this catalogue',
  duplicate: 'This drug is listed twice',
  inCatalogue: 'This drug is in the catalogue: choose it there',
  ownCategory: 'A drug of the office’s own is an oral sedative or a parenteral drug',
  routes: 'Choose at least one route',
  unit: 'Choose mg or mcg',
  notOwn: "A catalogue drug's maximum is the catalogue's",
  source: 'A maximum needs its source',
  figure: 'A maximum needs a figure per kg or an absolute one',
} as const;

/** The catalogue of a category: each drug's id, name, default unit and routes. */
export function officeCatalogue(
  category: OfficeDrugCategory,
): readonly { id: string; name: string; unit: string | null; routes: readonly DrugRoute[] }[] {
  switch (category) {
    case 'oral':
      return ORAL_SEDATIVES.map((d) => ({ id: d.id, name: d.name, unit: d.unit, routes: d.availableRoutes }));
    case 'parenteral':
      return PARENTERAL_DRUGS.map((d) => ({ id: d.id, name: d.name, unit: d.unit, routes: PARENTERAL_ROUTES }));
    case 'local':
      return LOCAL_ANESTHETIC_VARIANTS.map((v) => ({ id: v.id, name: v.id, unit: null, routes: [] }));
    case 'inhalation':
      return INHALATION_AGENTS.map((a) => ({ id: a.id, name: a.name, unit: a.unit, routes: [] }));
  }
}

const CATALOGUE_IDS = new Set<string>([
  ...ORAL_SEDATIVES.map((d) => d.id),
  ...PARENTERAL_DRUGS.map((d) => d.id),
  ...DRUG_MAXIMA.map((r) => r.drugId),
]);

/** The id of an office's own drug of this name: the drugs form's id of an unlisted name. */
export function customDrugId(name: string): string {
  return `${CUSTOM_DRUG_PREFIX}${drugSlug(name)}`;
}

/** [OD1] The problems of one drug of the list at `i` (see validateOfficeDrugs). */
function drugIssues(d: OfficeDrug, i: number): Issue[] {
  const T = OFFICE_DRUG_TEXTS;
  const at = (field: string): (string | number)[] => ['drugs', i, field];
  const issues: Issue[] = [];
  if (!d.custom) {
    if (!officeCatalogue(d.category).some((c) => c.id === d.id))
      issues.push(errorIssue('UNKNOWN_DRUG', T.unknown, at('id')));
    if (d.maximum) issues.push(errorIssue('INVALID_INPUT', T.notOwn, at('maximum')));
    return issues;
  }
  if (d.name.trim() === '') {
    return [errorIssue('MISSING_DRUG_NAME', CASE_DATA_MESSAGES.missingDrugName, at('name'))];
  }
  if (CATALOGUE_IDS.has(drugSlug(d.name))) issues.push(errorIssue('INVALID_INPUT', T.inCatalogue, at('name')));
  if (d.category !== 'oral' && d.category !== 'parenteral')
    issues.push(errorIssue('INVALID_INPUT', T.ownCategory, at('category')));
  if (d.routes.length === 0) issues.push(errorIssue('INVALID_INPUT', T.routes, at('routes')));
  if (d.unit !== 'mg' && d.unit !== 'mcg') issues.push(errorIssue('INVALID_INPUT', T.unit, at('unit')));
  if (d.maximum) {
    if (d.maximum.source.trim() === '') issues.push(errorIssue('INVALID_INPUT', T.source, at('maximum')));
    if (d.maximum.perKg == null && d.maximum.absolute == null) {
      issues.push(errorIssue('INVALID_INPUT', T.figure, at('maximum')));
    }
  }
  return issues;
}

/**
 * [OD1] An office's drug list as it is kept: each catalogue entry a drug of its category's
 * catalogue (its name the catalogue's) and without a maximum of its own; each drug the office
 * adds has a name (MISSING_DRUG_NAME, 'Every drug used must have a name'), not a catalogue drug's,
 * oral or parenteral, at least one route, mg or mcg, and its id is `custom-` and its name (the id
 * the drugs form gives that name); a maximum needs a cited source and a figure per kg or an
 * absolute one. No drug twice. Answers the list as kept, or the issues.
 */
export function validateOfficeDrugs(raw: unknown): { ok: true; drugs: OfficeDrug[] } | { ok: false; issues: Issue[] } {
  const parsed = officeDrugListSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) =>
        errorIssue('INVALID_INPUT', `${i.path.join('.')}: ${i.message}`, ['drugs', ...(i.path as (string | number)[])]),
      ),
    };
  }
  const drugs = parsed.data.map((d) => normalised(d));
  const issues = drugs.flatMap((d, i) => drugIssues(d, i));
  const seen = new Set<string>();
  drugs.forEach((d, i) => {
    const key = `${d.category}:${d.id}`;
    if (seen.has(key)) issues.push(errorIssue('INVALID_INPUT', OFFICE_DRUG_TEXTS.duplicate, ['drugs', i, 'id']));
    seen.add(key);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, drugs };
}

/** A drug as kept: a catalogue entry named by its catalogue, an own drug's id from its name, trimmed texts. */
function normalised(d: OfficeDrug): OfficeDrug {
  if (!d.custom) {
    const known = officeCatalogue(d.category).find((c) => c.id === d.id);
    return { ...d, name: known?.name ?? d.name, maximum: d.maximum };
  }
  const name = d.name.trim();
  return {
    ...d,
    id: customDrugId(name),
    name,
    maximum: d.maximum ? { ...d.maximum, source: d.maximum.source.trim() } : null,
  };
}

/**
 * [OD2] The list a provider works from: the office's own, then its parents' (nearest first)
 * without a drug already listed.
 */
export function effectiveOfficeDrugs(view: Pick<OfficeDrugsView, 'drugs' | 'inherited'> | null): OfficeDrug[] {
  if (!view) return [];
  const seen = new Set(view.drugs.map((d) => `${d.category}:${d.id}`));
  return [...view.drugs, ...view.inherited.filter((d) => !seen.has(`${d.category}:${d.id}`))];
}

/**
 * [OD3] A picker's entries, the office's first: the drugs of `category` the office lists, in its
 * order (of several categories, category by category in the order given), then the rest of `catalogue` in its own order. An office's entry keeps the catalogue
 * drug's id; `pick` makes the picker's entry of an office drug (its own drugs have no catalogue entry).
 */
export function officeFirst<T extends { id: string }>(
  catalogue: readonly T[],
  office: readonly OfficeDrug[],
  category: OfficeDrugCategory | readonly OfficeDrugCategory[],
  pick: (d: OfficeDrug, known: T | undefined) => T | null,
): T[] {
  const categories: readonly OfficeDrugCategory[] = typeof category === 'string' ? [category] : category;
  const first: T[] = [];
  const taken = new Set<string>();
  const listed = categories.flatMap((c) => office.filter((d) => d.category === c));
  for (const d of listed) {
    if (taken.has(d.id)) continue;
    const entry = pick(
      d,
      catalogue.find((c) => c.id === d.id),
    );
    if (entry) {
      first.push(entry);
      taken.add(entry.id);
    }
  }
  return [...first, ...catalogue.filter((c) => !taken.has(c.id))];
}

/**
 * [OD4] The maxima the office entered for its own drugs, as rows of the maxima table: one per
 * drug with a maximum and a source, for the routes it lists. A drug without one has no maximum
 * (DRUG_NO_MAXIMUM is not raised for it; the form says it has none on file); a catalogue drug
 * never takes an office's row (drugMaximum reads the catalogue's for every drug it knows).
 */
export function officeMaximumRows(drugs: readonly OfficeDrug[]): DrugMaximumRow[] {
  return drugs.flatMap((d) =>
    d.custom && d.maximum && d.maximum.source.trim() !== '' && (d.maximum.perKg != null || d.maximum.absolute != null)
      ? [
          {
            drugId: d.id,
            routes: d.routes,
            unit: d.maximum.unit,
            perKg: d.maximum.perKg,
            absolute: d.maximum.absolute,
            source: `Office maximum: ${d.maximum.source.trim()}`,
          },
        ]
      : [],
  );
}

/**
 * [OD3] The preset editor's items with the office's drugs first within each drug group (pre-meds,
 * local anesthetics, parenteral drugs, oral sedatives), in the office's order; the rest keep their
 * order. Items are keyed by their place in the macro, so reordering them changes nothing saved.
 */
export function officeOrderedItems(
  items: readonly PresetItem[],
  macro: PresetMacro,
  office: readonly OfficeDrug[],
): PresetItem[] {
  if (office.length === 0) return [...items];
  const rank = (item: PresetItem): number => {
    const [list, index] = item.key.split('.');
    const i = Number(index);
    let id: string | undefined;
    if (list === 'preMeds' || list === 'parenDrugs' || list === 'oralSedatives') id = macro[list][i]?.drugId;
    else if (list === 'localDrugs') id = macro.localDrugs[i]?.drugVariantId;
    const at = id === undefined ? -1 : office.findIndex((d) => d.id === id);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  const out: PresetItem[] = [];
  for (const group of [...new Set(items.map((i) => i.group))]) {
    const inGroup = items.filter((i) => i.group === group);
    out.push(
      ...inGroup
        .map((item, n) => ({ item, n, r: rank(item) }))
        .sort((a, b) => a.r - b.r || a.n - b.n)
        .map((x) => x.item),
    );
  }
  return out;
}
