import {
  ageInYears,
  allergiesSummaryOf as sharedAllergiesSummaryOf,
  isValidAirwayDistance,
  manualVitalsAgeBadge,
  MEDICATIONS_NONE,
  newId,
  type HealthHistoryData,
  type MedicationOption,
  type SystemsReviewCategory,
  type SystemsReviewEntry,
} from '@vigil/shared';
import { measurementHint, type MeasurementUnits } from '../../../data/measurements.js';

/*
 * The editor tabs' logic as pure functions from the history's content to the patch a change
 * writes (spec 002 §2–§5), so each is tested without a screen.
 */

export type Patch = Partial<HealthHistoryData>;

/**
 * A typed height or weight (spec 002 §5): the raw text is kept as typed (height_raw, weight_raw)
 * and the value in cm or kg with its raw text while it reads; an unreadable or empty text clears
 * the value ('Failed to parse' is shown under the field).
 */
export function measurementPatch(kind: 'height' | 'weight', raw: string, units: MeasurementUnits): Patch {
  const hint = measurementHint(kind, raw, units);
  const value = hint.kind === 'parsed' ? { value: hint.value, raw: raw.trim() } : null;
  return kind === 'height' ? { height_raw: raw, height: value } : { weight_raw: raw, weight: value };
}

/** The raw text a height or weight field shows: the typed text, else the stored value's raw. */
export function measurementText(data: HealthHistoryData, kind: 'height' | 'weight'): string {
  const raw = kind === 'height' ? data.height_raw : data.weight_raw;
  if (raw != null) return raw;
  const m = data[kind];
  return m ? (m.raw ?? `${m.value} ${kind === 'height' ? 'cm' : 'kg'}`) : '';
}

/**
 * Pregnancy and breastfeeding are asked when relevant: a patient of 10 or older, or whose age is
 * not known (the history has no sex; a provider answers No for a male patient in one tap).
 */
export function pregnancyRelevant(birthDate: string | null, now: number): boolean {
  if (birthDate == null) return true;
  const full = birthDate.length === 4 ? `${birthDate}-01-01` : birthDate.length === 7 ? `${birthDate}-01` : birthDate;
  return ageInYears(full, now) >= 10;
}

export type Allergy = NonNullable<HealthHistoryData['allergies']>[number];
export type AllergySeverity = NonNullable<Allergy['severity']>;

/** The allergies quick value (spec 002 §3). */
export const NKDA = 'NKDA';

/** The summary of structured allergies: 'Penicillin (hives, severe); Latex' (HM2, shared with the merge). */
export const allergiesSummaryOf: (allergies: readonly Allergy[]) => string = sharedAllergiesSummaryOf;

/** NKDA: no structured allergies and the summary NKDA. */
export function nkdaPatch(): Patch {
  return { allergies: [], allergiesSummary: NKDA };
}

/** Adds a structured allergy; the summary follows the entries (an NKDA answer is replaced). */
export function addAllergyPatch(
  data: HealthHistoryData,
  entry: { substance: string; reaction: string; severity: AllergySeverity | null },
): Patch | null {
  const substance = entry.substance.trim();
  if (substance === '') return null;
  const allergies = [
    ...(data.allergies ?? []),
    { id: newId('alg'), substance, reaction: entry.reaction.trim() || null, severity: entry.severity },
  ];
  return { allergies, allergiesSummary: allergiesSummaryOf(allergies) };
}

/** Removes a structured allergy; removing the last one empties the summary (not NKDA: unanswered). */
export function removeAllergyPatch(data: HealthHistoryData, id: string): Patch {
  const allergies = (data.allergies ?? []).filter((a) => a.id !== id);
  return { allergies, allergiesSummary: allergies.length > 0 ? allergiesSummaryOf(allergies) : null };
}

export type Medication = NonNullable<HealthHistoryData['medications']>[number];

/** Whether the medication value is none (spec 002 §5: the text none with an empty list). */
export function medicationsAreNone(data: HealthHistoryData): boolean {
  return (data.medications ?? []).length === 0 && data.medicationsText?.trim().toLowerCase() === MEDICATIONS_NONE;
}

/** The none chip: the text none with an empty list (spec 002 §4, §5). */
export function medicationsNonePatch(): Patch {
  return { medications: [], medicationsText: MEDICATIONS_NONE };
}

/** Adds a chosen drug (a duplicate is ignored); it replaces a none answer. */
export function addMedicationPatch(data: HealthHistoryData, option: MedicationOption): Patch | null {
  const list = data.medications ?? [];
  const name = option.name.trim();
  if (name === '') return null;
  const same = (m: Medication): boolean =>
    option.id != null
      ? m.id === option.id && m.name === name
      : m.id == null && m.name?.toLowerCase() === name.toLowerCase();
  if (list.some(same)) return null;
  return { medications: [...list, { id: option.id, name }], medicationsText: null };
}

/** Removes a drug by its place in the list; removing the last one sets the value to empty (spec 002 §4). */
export function removeMedicationPatch(data: HealthHistoryData, index: number): Patch {
  const medications = (data.medications ?? []).filter((_, i) => i !== index);
  return medications.length > 0 ? { medications } : { medications: [], medicationsText: null };
}

/**
 * A thyromental or inter-incisor distance as typed (AW3: at most 2 digits before and after the
 * point): empty clears it; a valid text stores the number in cm; an invalid one stores nothing
 * and shows the error.
 */
export function readAirwayDistance(text: string): { value: number | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  if (!isValidAirwayDistance(text)) return { value: null, error: 'Use at most 2 digits before and after the point' };
  return { value: Number(text.trim()), error: null };
}

/** The stored distance as the field shows it. */
export function airwayDistanceText(value: string | number | null | undefined): string {
  return value == null ? '' : String(value);
}

/** The age badge of a pre-op vitals entry: colour and '3 days', '4 months', '1 year' (HH7). */
export function vitalsAgeText(recordedAt: number, now: number): { colour: 'green' | 'orange' | 'red'; text: string } {
  const b = manualVitalsAgeBadge(recordedAt, now);
  const unit = b.amount === 1 ? b.unit.replace(/s$/, '') : b.unit;
  return { colour: b.colour, text: b.amount === 0 && b.unit === 'days' ? 'today' : `${b.amount} ${unit} ago` };
}

type Review = NonNullable<HealthHistoryData['systemsReview']>;
type CategoryState = NonNullable<Review[SystemsReviewCategory]>;

/** A new, empty entry being edited. */
export function newSystemsReviewEntry(): SystemsReviewEntry {
  return { id: newId('sr'), condition: '', answers: {}, editing: true };
}

/** A category's stored entries (items an older build wrote in another shape are dropped). */
export function categoryEntries(
  state: CategoryState | undefined,
  read: (v: unknown) => SystemsReviewEntry | null,
): SystemsReviewEntry[] {
  return (state?.entries ?? []).map(read).filter((e): e is SystemsReviewEntry => e != null);
}

/**
 * A category's yes/no (spec 002 §4): Yes adds an entry being edited (when it has none); No clears
 * its entries.
 */
export function answerCategoryPatch(
  review: Review | null | undefined,
  category: SystemsReviewCategory,
  yes: boolean,
): Patch {
  const current = review?.[category];
  const next: CategoryState = yes
    ? { hasEntries: true, entries: (current?.entries ?? []).length > 0 ? current?.entries : [newSystemsReviewEntry()] }
    : { hasEntries: false, entries: [] };
  return { systemsReview: { ...review, [category]: next } };
}

/** Writes a category's entries; with none left the category is answered No. */
export function categoryEntriesPatch(
  review: Review | null | undefined,
  category: SystemsReviewCategory,
  entries: readonly SystemsReviewEntry[],
): Patch {
  const next: CategoryState =
    entries.length > 0 ? { hasEntries: true, entries: [...entries] } : { hasEntries: false, entries: [] };
  return { systemsReview: { ...review, [category]: next } };
}
