import {
  CASE_DATA_MESSAGES,
  LOCAL_ANESTHETIC_VARIANTS,
  OFFICE_DRUG_CATEGORIES,
  customDrugId,
  numericInputError,
  officeCatalogue,
  type OfficeDrug,
  type OfficeDrugCategory,
  type OfficeDrugMaximum,
} from '@vigil/shared';
import { variantLabel } from '../cases/index.js';

/** The four lists of the customise-drugs screen, as it names them. */
export const CATEGORY_LABELS: Readonly<Record<OfficeDrugCategory, string>> = {
  oral: 'Oral sedatives',
  parenteral: 'Parenteral drugs',
  local: 'Local anesthetics',
  inhalation: 'Inhalation agents',
};

export { OFFICE_DRUG_CATEGORIES };

/** The catalogue drugs of a category the office may put first: id and what the screen calls it. */
export function catalogueOptions(category: OfficeDrugCategory): { id: string; label: string }[] {
  if (category === 'local') return LOCAL_ANESTHETIC_VARIANTS.map((v) => ({ id: v.id, label: variantLabel(v) }));
  return officeCatalogue(category).map((d) => ({ id: d.id, label: d.name }));
}

/** What the screen shows for a drug of the list. */
export function drugLabel(d: OfficeDrug): string {
  if (d.custom || d.category !== 'local') return d.name;
  return catalogueOptions('local').find((o) => o.id === d.id)?.label ?? d.name;
}

/** A catalogue drug put on the office's list, with the catalogue's unit and routes to start from. */
export function catalogueEntry(category: OfficeDrugCategory, id: string): OfficeDrug | null {
  const known = officeCatalogue(category).find((d) => d.id === id);
  if (!known) return null;
  const dosed = category === 'oral' || category === 'parenteral';
  return {
    id,
    category,
    name: known.name,
    custom: false,
    unit: dosed ? known.unit : null,
    routes: dosed ? ([...known.routes] as OfficeDrug['routes']) : [],
    commonDoses: [],
    maximum: null,
  };
}

/** Common doses typed as "2.5, 5": the numbers, or the field's error. */
export function readCommonDoses(text: string): { value: number[]; error: string | null } {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const value: number[] = [];
  for (const p of parts) {
    const error = numericInputError(p, { min: 0 });
    if (error || !(Number(p) > 0)) return { value: [], error: error ?? 'invalid value' };
    value.push(Number(p));
  }
  return value.length > 6 ? { value: [], error: 'At most 6 doses' } : { value, error: null };
}

/** The list with the item at `i` moved by `delta` places (kept in bounds). */
export function moved<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** The drug-of-its-own form as typed. */
export interface OwnDrugDraft {
  name: string;
  category: 'oral' | 'parenteral';
  unit: 'mg' | 'mcg';
  routes: OfficeDrug['routes'];
  dosesText: string;
  perKgText: string;
  absoluteText: string;
  source: string;
}

export const EMPTY_OWN_DRUG: OwnDrugDraft = {
  name: '',
  category: 'parenteral',
  unit: 'mg',
  routes: ['IV'],
  dosesText: '',
  perKgText: '',
  absoluteText: '',
  source: '',
};

export type OwnDrugErrors = Partial<Record<'name' | 'routes' | 'doses' | 'maximum' | 'source', string>>;

function readOptional(text: string): { value: number | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  const error = numericInputError(text.trim(), { min: 0 });
  return error || !(Number(text) > 0)
    ? { value: null, error: error ?? 'invalid value' }
    : { value: Number(text), error: null };
}

/**
 * [OD1] The drug the office adds, or what is wrong with it: a name ('Every drug used must have a
 * name', MISSING_DRUG_NAME), a route, common doses that read; a maximum only with its source, and
 * no source without a figure. Without a maximum the drug has none (OD4).
 */
export function ownDrug(d: OwnDrugDraft): { drug: OfficeDrug | null; errors: OwnDrugErrors } {
  const errors: OwnDrugErrors = {};
  if (d.name.trim() === '') errors.name = CASE_DATA_MESSAGES.missingDrugName;
  if (d.routes.length === 0) errors.routes = 'Choose at least one route';
  const doses = readCommonDoses(d.dosesText);
  if (doses.error) errors.doses = doses.error;
  const perKg = readOptional(d.perKgText);
  const absolute = readOptional(d.absoluteText);
  if (perKg.error || absolute.error) errors.maximum = perKg.error ?? absolute.error ?? undefined;
  const hasFigure = perKg.value != null || absolute.value != null;
  if (hasFigure && d.source.trim() === '') errors.source = 'A maximum needs its source';
  if (!hasFigure && d.source.trim() !== '') errors.maximum = 'A maximum needs a figure per kg or an absolute one';
  if (Object.keys(errors).length > 0) return { drug: null, errors };
  const maximum: OfficeDrugMaximum | null = hasFigure
    ? { unit: d.unit, perKg: perKg.value, absolute: absolute.value, source: d.source.trim() }
    : null;
  return {
    drug: {
      id: customDrugId(d.name),
      category: d.category,
      name: d.name.trim(),
      custom: true,
      unit: d.unit,
      routes: d.routes,
      commonDoses: doses.value,
      maximum,
    },
    errors,
  };
}
