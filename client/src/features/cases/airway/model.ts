import type { AirwayEntry } from '@vigil/shared';
import { AIRWAY_LABELS, AIRWAY_TYPES, numericInputError, vitalRange, type AirwayType } from '@vigil/shared';

/** An airway as kept in the case's `airways` list: shared's airwayEntrySchema. */
export type { AirwayEntry };

/** How each airway type reads, on screen and in the report (shared so both say the same). */
export { AIRWAY_LABELS };

/** Airways with a cuff or positive pressure, for which PEEP is charted. */
export const PEEP_TYPES: readonly AirwayType[] = ['cpap', 'et', 'ntt', 'lma'];

export const AIRWAY_TYPE_OPTIONS = AIRWAY_TYPES.map((t) => ({ value: t, label: AIRWAY_LABELS[t] }));

/** A value typed for a vital-limited airway field (peep 0–50, SpO2 1–100; spec 001 §5 [VT1]). */
export function readLimited(text: string, vital: 'peep' | 'spo2'): { value: number | null; error: string | null } {
  const range = vitalRange(vital)!;
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  const error = numericInputError(t, range);
  return error ? { value: null, error } : { value: Number(t), error: null };
}

/** The airway's name as charted: its type's label, or the text given for other. */
export function airwayName(a: Pick<AirwayEntry, 'type' | 'otherType'>): string {
  return a.type === 'other' && a.otherType ? a.otherType : AIRWAY_LABELS[a.type];
}
