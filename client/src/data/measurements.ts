import {
  FAILED_TO_PARSE,
  measurementComponent,
  measurementOf,
  PHYSICAL_ATTRIBUTE_CODES,
  parseHeight,
  parseWeight,
  kgText,
  cmText,
  type HeightUnit,
  type Observation,
  type WeightUnit,
} from '@vigil/shared';

/** The units a weight or height without one is read in (org settings defaultWeightUnit / defaultHeightUnit). */
export interface MeasurementUnits {
  weight: WeightUnit;
  height: HeightUnit;
}

/**
 * The units from the organisation's feature flags; without a setting, lb and inches (Vigil's
 * offices default to the US, spec 001 §2 Country default US).
 */
export function measurementUnits(flags: { name: string; stringValue: string | null }[] | null): MeasurementUnits {
  const value = (name: string): string | null => flags?.find((f) => f.name === name)?.stringValue ?? null;
  return {
    weight: value('defaultWeightUnit') === 'kg' ? 'kg' : 'lb',
    height: value('defaultHeightUnit') === 'cm' ? 'cm' : 'in',
  };
}

/** What the weight or height field shows under the typed text. */
export type MeasurementHint =
  | { kind: 'empty' }
  | { kind: 'failed'; text: typeof FAILED_TO_PARSE }
  | { kind: 'parsed'; value: number; text: string };

/**
 * [HW1] [HW2] Spec 002 §5: the raw text read in the setting's unit (a unit typed wins); nothing
 * while empty, 'Failed to parse' when unreadable or beyond 650 kg / 120 in (spec 002 §9), else
 * the stored value ("31.8 kg", "142.2 cm").
 */
export function measurementHint(kind: 'weight' | 'height', raw: string, units: MeasurementUnits): MeasurementHint {
  if (raw.trim() === '') return { kind: 'empty' };
  const parsed = kind === 'weight' ? parseWeight(raw, units.weight) : parseHeight(raw, units.height);
  if (!parsed) return { kind: 'failed', text: FAILED_TO_PARSE };
  const value = parsed.value as number;
  return { kind: 'parsed', value, text: kind === 'weight' ? kgText(value) : cmText(value) };
}

/** The newest physical-attributes observation of a patient (by effective time), or null. */
export function latestPhysicalAttributes(observations: readonly Observation[], patientId: string): Observation | null {
  const mine = observations.filter(
    (o) =>
      o.subject?.reference === `Patient/${patientId}` &&
      o.status !== 'entered-in-error' &&
      (o.code.coding ?? []).some((c) => c.code === PHYSICAL_ATTRIBUTE_CODES.panel.code),
  );
  const time = (o: Observation): string => o.effectiveDateTime ?? o.meta?.lastUpdated ?? '';
  return mine.sort((a, b) => time(b).localeCompare(time(a)))[0] ?? null;
}

/** The raw texts to show for a stored observation (the typed text, else the stored value with its unit). */
export function measurementTexts(o: Observation | null): { weight: string; height: string } {
  const text = (kind: 'weight' | 'height'): string => {
    const m = o ? measurementOf(o, kind) : null;
    if (!m) return '';
    return m.raw ?? (kind === 'weight' ? kgText(m.value) : cmText(m.value));
  };
  return { weight: text('weight'), height: text('height') };
}

/**
 * A new physical-attributes Observation (spec 001 §3: weight kg and height cm with their raw
 * text, status final) for the typed values, or null when neither is given or either fails to
 * parse. The server adds the BMI.
 */
export function physicalAttributesObservation(
  patientId: string,
  raw: { weight: string; height: string },
  units: MeasurementUnits,
  now: Date,
): Observation | null {
  const weight = measurementHint('weight', raw.weight, units);
  const height = measurementHint('height', raw.height, units);
  if (weight.kind === 'failed' || height.kind === 'failed') return null;
  if (weight.kind === 'empty' && height.kind === 'empty') return null;
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: now.toISOString(),
    component: [
      ...(weight.kind === 'parsed' ? [measurementComponent('weight', weight.value, raw.weight.trim())] : []),
      ...(height.kind === 'parsed' ? [measurementComponent('height', height.value, raw.height.trim())] : []),
    ],
  };
}
