import { ROOM_PHYSICAL_TYPE, type Address, type Location } from '@vigil/shared';

/** The location form of spec 001 §2: Name; Description (optional); Address Line 1; Address Line 2 (optional); City; State; Postal Code; Country (default US). */
export interface LocationFormValues {
  name: string;
  description: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The room form of spec 001 §2: Room / Operatory Name; Description (optional). */
export interface RoomFormValues {
  name: string;
  description: string;
}

/** Spec 001 §2: Country defaults to US. */
export const DEFAULT_COUNTRY = 'US';

export function locationFormValues(l?: Location): LocationFormValues {
  const a: Address = l?.address ?? {};
  return {
    name: l?.name ?? '',
    description: l?.description ?? '',
    addressLine1: a.line?.[0] ?? '',
    addressLine2: a.line?.[1] ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postalCode: a.postalCode ?? '',
    country: a.country ?? DEFAULT_COUNTRY,
  };
}

const REQUIRED_LOCATION: readonly [keyof LocationFormValues, string][] = [
  ['name', 'Name'],
  ['addressLine1', 'Address Line 1'],
  ['city', 'City'],
  ['state', 'State'],
  ['postalCode', 'Postal Code'],
  ['country', 'Country'],
];

/** Missing required fields of the location form ('{label} is required'). */
export function locationFormErrors(v: LocationFormValues): Partial<Record<keyof LocationFormValues, string>> {
  const errors: Partial<Record<keyof LocationFormValues, string>> = {};
  for (const [field, label] of REQUIRED_LOCATION) if (!v[field].trim()) errors[field] = `${label} is required`;
  return errors;
}

/** Missing required fields of the room form. */
export function roomFormErrors(v: RoomFormValues): Partial<Record<keyof RoomFormValues, string>> {
  return v.name.trim() ? {} : { name: 'Room / Operatory Name is required' };
}

const optional = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  value.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** The Location to save from the form; an existing one keeps its other fields (status, position, ids). */
export function locationFromForm(v: LocationFormValues, existing?: Location): Location {
  const { description: _d, address: _a, ...rest } = existing ?? { resourceType: 'Location' as const };
  return {
    status: 'active',
    ...rest,
    resourceType: 'Location',
    name: v.name.trim(),
    ...optional('description', v.description),
    address: {
      ...(existing?.address ?? {}),
      line: [v.addressLine1.trim(), ...(v.addressLine2.trim() ? [v.addressLine2.trim()] : [])],
      city: v.city.trim(),
      state: v.state.trim(),
      postalCode: v.postalCode.trim(),
      country: v.country.trim(),
    },
  };
}

/** The room to save: physical type room, part of its location. */
export function roomFromForm(v: RoomFormValues, locationId: string, existing?: Location): Location {
  const { description: _d, ...rest } = existing ?? { resourceType: 'Location' as const };
  return {
    status: 'active',
    ...rest,
    resourceType: 'Location',
    name: v.name.trim(),
    ...optional('description', v.description),
    physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
    partOf: { reference: `Location/${locationId}` },
  };
}

/** "1 Main St, Suite 2, Springfield, IL 62701, US". */
export function addressText(l: Location): string {
  const a = l.address ?? {};
  const region = [a.state, a.postalCode].filter(Boolean).join(' ');
  return [...(a.line ?? []), a.city, region, a.country].filter(Boolean).join(', ');
}
