import { z } from 'zod';
import { OBSERVATION_STATUSES } from '../enums.js';
import { bmi } from '../rules/bmi.js';
import type { ObservationStatus } from '../enums.js';
import {
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  FHIR_MESSAGES,
  fhirDateTime,
  fhirInstant,
  fhirString,
  identifierSchema,
  periodSchema,
  quantitySchema,
  referenceSchema,
  vigilExtension,
  type CodeableConcept,
  type DomainResourceBase,
  type Extension,
  type Identifier,
  type Period,
  type Quantity,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/** LOINC codes of the physical attributes (spec 001 §3: weight kg, height cm, BMI). */
export const PHYSICAL_ATTRIBUTE_CODES = {
  panel: { system: 'http://loinc.org', code: '85353-1', display: 'Vital signs panel' },
  weight: { system: 'http://loinc.org', code: '29463-7', display: 'Body weight' },
  height: { system: 'http://loinc.org', code: '8302-2', display: 'Body height' },
  bmi: { system: 'http://loinc.org', code: '39156-5', display: 'Body mass index' },
} as const;
/** The text typed for a weight or height (`valueString` on the component), spec 001 §3 raw. */
export const RAW_TEXT_EXTENSION = vigilExtension('raw-text');

export interface ObservationComponent {
  extension?: Extension[];
  code: CodeableConcept;
  valueQuantity?: Quantity;
  valueString?: string;
  valueCodeableConcept?: CodeableConcept;
  dataAbsentReason?: CodeableConcept;
}

/** Observation (spec 001 §3): physical attributes (weight, height, BMI), status final. */
export interface Observation extends DomainResourceBase {
  resourceType: 'Observation';
  identifier?: Identifier[];
  status: ObservationStatus;
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject?: Reference;
  encounter?: Reference;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  issued?: string;
  performer?: Reference[];
  valueQuantity?: Quantity;
  valueString?: string;
  note?: { text: string }[];
  component?: ObservationComponent[];
}

const componentSchema = z.lazy(() =>
  z.strictObject({
    extension: z.array(z.looseObject({ url: z.string() })).optional(),
    code: codeableConceptSchema,
    valueQuantity: quantitySchema.optional(),
    valueString: fhirString.optional(),
    valueCodeableConcept: codeableConceptSchema.optional(),
    dataAbsentReason: codeableConceptSchema.optional(),
  }),
);

const hasCode = (concept: CodeableConcept | undefined, code: { system: string; code: string }): boolean =>
  (concept?.coding ?? []).some((c) => c.system === code.system && c.code === code.code);

/**
 * Weight and height must be a value with an optional raw text (spec 001 §5): a numeric
 * valueQuantity in kg / cm, and at most the raw-text extension beside it.
 */
function measurementValid(component: ObservationComponent, unit: 'kg' | 'cm'): boolean {
  const q = component.valueQuantity;
  if (!q || typeof q.value !== 'number' || !Number.isFinite(q.value)) return false;
  if (q.unit !== undefined && q.unit !== unit) return false;
  if (q.code !== undefined && q.code !== unit) return false;
  if (component.valueString !== undefined || component.valueCodeableConcept !== undefined) return false;
  return (component.extension ?? []).every((e) => e.url === RAW_TEXT_EXTENSION && typeof e.valueString === 'string');
}

export const observationSchema: z.ZodType<Observation> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Observation'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(OBSERVATION_STATUSES),
      category: z.array(codeableConceptSchema).optional(),
      code: codeableConceptSchema,
      subject: referenceSchema.optional(),
      encounter: referenceSchema.optional(),
      effectiveDateTime: fhirDateTime().optional(),
      effectivePeriod: periodSchema.optional(),
      issued: fhirInstant().optional(),
      performer: z.array(referenceSchema).optional(),
      valueQuantity: quantitySchema.optional(),
      valueString: fhirString.optional(),
      note: z.array(z.strictObject({ text: fhirString })).optional(),
      component: z.array(componentSchema).optional(),
    })
    .superRefine((o, ctx) => {
      (o.component ?? []).forEach((c, index) => {
        const unit = hasCode(c.code, PHYSICAL_ATTRIBUTE_CODES.weight)
          ? 'kg'
          : hasCode(c.code, PHYSICAL_ATTRIBUTE_CODES.height)
            ? 'cm'
            : null;
        if (unit && !measurementValid(c, unit)) {
          ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.measurement, path: ['component', index] });
        }
      });
    }),
);

/** A weight or height component: value in kg / cm with the typed text. */
export function measurementComponent(kind: 'weight' | 'height', value: number, raw?: string): ObservationComponent {
  const unit = kind === 'weight' ? 'kg' : 'cm';
  return {
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES[kind] }] },
    valueQuantity: { value, unit, system: UCUM_SYSTEM, code: unit },
    ...(raw !== undefined ? { extension: [{ url: RAW_TEXT_EXTENSION, valueString: raw }] } : {}),
  };
}

/** The value and raw text of a weight or height component, or null. */
export function measurementOf(
  observation: Observation,
  kind: 'weight' | 'height',
): { value: number; raw?: string } | null {
  const c = observation.component?.find((x) => hasCode(x.code, PHYSICAL_ATTRIBUTE_CODES[kind]));
  const value = c?.valueQuantity?.value;
  if (typeof value !== 'number') return null;
  const raw = c?.extension?.find((e) => e.url === RAW_TEXT_EXTENSION)?.valueString;
  return typeof raw === 'string' ? { value, raw } : { value };
}

/**
 * The observation with its BMI component derived from its weight and height (spec 001 §3
 * bmiRatio; [BMI1] spec 001 §5: rounded to 1 decimal, none above 250 or without both), replacing
 * any BMI a client sent. Observations without weight or height components are unchanged.
 */
export function withDerivedBmi(observation: Observation): Observation {
  if (!Array.isArray(observation.component)) return observation;
  const weight = measurementOf(observation, 'weight');
  const height = measurementOf(observation, 'height');
  if (!weight && !height) return observation;
  const others = observation.component.filter((c) => !hasCode(c?.code, PHYSICAL_ATTRIBUTE_CODES.bmi));
  const value = bmi(weight?.value ?? null, height?.value ?? null);
  const component: ObservationComponent[] =
    value === null
      ? others
      : [
          ...others,
          {
            code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.bmi }] },
            valueQuantity: { value, unit: 'kg/m2', system: UCUM_SYSTEM, code: 'kg/m2' },
          },
        ];
  return { ...observation, component };
}

/** The derived BMI of a physical-attributes observation, or null. */
export function observationBmi(observation: Observation): number | null {
  const c = observation.component?.find((x) => hasCode(x.code, PHYSICAL_ATTRIBUTE_CODES.bmi));
  return typeof c?.valueQuantity?.value === 'number' ? c.valueQuantity.value : null;
}

export const OBSERVATION: ResourceDefinition<Observation> = {
  resourceType: 'Observation',
  schema: observationSchema,
  idPrefix: 'obs',
  patientData: true,
  normalize: withDerivedBmi,
  protectedReferences: (o) => protectedReference('subject', o.subject?.reference),
};
