import { z } from 'zod';
import { LOCATION_STATUSES } from '../enums.js';
import {
  addressSchema,
  codeableConceptSchema,
  codedChoice,
  contactPointSchema,
  domainResourceShape,
  FHIR_MESSAGES,
  fhirString,
  identifierSchema,
  referenceSchema,
  referenceTo,
  vigilSystem,
  type Address,
  type CodeableConcept,
  type ContactPoint,
  type DomainResourceBase,
  type Identifier,
  type Reference,
  protectedReference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/**
 * Location (spec 001 §3): an office (name, description, address, status, latLng) or a room
 * (physical type room, partOf its location).
 */
export interface Location extends DomainResourceBase {
  resourceType: 'Location';
  identifier?: Identifier[];
  status?: (typeof LOCATION_STATUSES)[number];
  name?: string;
  alias?: string[];
  description?: string;
  mode?: 'instance' | 'kind';
  type?: CodeableConcept[];
  telecom?: ContactPoint[];
  address?: Address;
  physicalType?: CodeableConcept;
  position?: { longitude: number; latitude: number; altitude?: number };
  managingOrganization?: Reference;
  partOf?: Reference;
}

export const LOCATION_PHYSICAL_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
/** The physical type of a room / operatory. */
export const ROOM_PHYSICAL_TYPE = { system: LOCATION_PHYSICAL_TYPE_SYSTEM, code: 'ro', display: 'Room' } as const;
const PHYSICAL_TYPE_CODES = ['si', 'bu', 'wi', 'wa', 'lvl', 'co', 'ro', 'bd', 've', 'ho', 'ca', 'rd', 'area', 'jdn'];
export const LOCATION_VISION_ID_SYSTEM = vigilSystem('vision-id');

/** Latitude -90..90 and longitude -180..180 (spec 001 §5), with the spec's messages. */
const positionSchema = z.lazy(
  () =>
    z
      .strictObject({ longitude: z.unknown(), latitude: z.unknown(), altitude: z.number().optional() })
      .superRefine((p, ctx) => {
        const lat = p.latitude;
        if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
          ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.invalidLatitude(lat), path: ['latitude'] });
        }
        const lng = p.longitude;
        if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) {
          ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.invalidLongitude(lng), path: ['longitude'] });
        }
      }) as z.ZodType<{ longitude: number; latitude: number; altitude?: number }>,
);

export const locationSchema: z.ZodType<Location> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Location'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(LOCATION_STATUSES).optional(),
      name: fhirString.optional(),
      alias: z.array(fhirString).optional(),
      description: fhirString.optional(),
      mode: codedChoice(['instance', 'kind']).optional(),
      type: z.array(codeableConceptSchema).optional(),
      telecom: z.array(contactPointSchema).optional(),
      address: addressSchema.optional(),
      physicalType: codeableConceptSchema.optional(),
      position: positionSchema.optional(),
      managingOrganization: referenceSchema.optional(),
      partOf: referenceTo('Location').optional(),
    })
    .superRefine((l, ctx) => {
      (l.physicalType?.coding ?? []).forEach((c, i) => {
        if (c.system === LOCATION_PHYSICAL_TYPE_SYSTEM && !PHYSICAL_TYPE_CODES.includes(c.code ?? '')) {
          ctx.addIssue({
            code: 'custom',
            message: FHIR_MESSAGES.invalidValue,
            path: ['physicalType', 'coding', i, 'code'],
          });
        }
      });
      if (isRoom(l) && !l.partOf?.reference) {
        ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.roomNeedsParent, path: ['partOf'] });
      }
    }),
);

/** Whether a location is a room (physical type ro). */
export function isRoom(location: Location): boolean {
  return (location.physicalType?.coding ?? []).some(
    (c) => c.system === ROOM_PHYSICAL_TYPE.system && c.code === ROOM_PHYSICAL_TYPE.code,
  );
}

export const LOCATION: ResourceDefinition<Location> = {
  resourceType: 'Location',
  schema: locationSchema,
  idPrefix: 'loc',
  patientData: false,
  // A room keeps its parent location: it may move to another, never become parentless.
  protectedReferences: (l) => protectedReference('partOf', l.partOf?.reference),
};

/** The location a room is part of (its id), or null for a location that is not a room. */
export function roomParentId(location: Location): string | null {
  const match = /^Location\/(.+)$/.exec(location.partOf?.reference ?? '');
  return match ? match[1]! : null;
}
