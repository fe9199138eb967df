import { isRoom, locationSchema, type Location } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  addressText,
  DEFAULT_COUNTRY,
  locationFormErrors,
  locationFormValues,
  locationFromForm,
  roomFormErrors,
  roomFromForm,
} from './locationRules.js';
import { locationTree, placeName, placeOptions } from '../../ui/places.js';

const office: Location & { id: string } = {
  resourceType: 'Location',
  id: 'loc-1',
  name: 'Main Street Dental',
  status: 'active',
  address: { line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
};
const op2 = { ...roomFromForm({ name: 'Operatory 2', description: '' }, 'loc-1'), id: 'loc-r2' };
const op1 = { ...roomFromForm({ name: 'Operatory 1', description: 'Window side' }, 'loc-1'), id: 'loc-r1' };
const orphan = { ...roomFromForm({ name: 'Lost room', description: '' }, 'loc-gone'), id: 'loc-r3' };

describe('location forms (spec 001 §2)', () => {
  it('defaults Country to US for a new location', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(locationFormValues().country).toBe('US');
  });

  it('needs Name, Address Line 1, City, State, Postal Code and Country; Description and Address Line 2 are optional', () => {
    expect(locationFormErrors(locationFormValues())).toEqual({
      name: 'Name is required',
      addressLine1: 'Address Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Postal Code is required',
    });
    expect(locationFormErrors(locationFormValues(office))).toEqual({});
    expect(roomFormErrors({ name: ' ', description: '' })).toEqual({ name: 'Room / Operatory Name is required' });
    expect(roomFormErrors({ name: 'Op 1', description: '' })).toEqual({});
  });

  it('round-trips a location through the form, keeping its other fields, and passes the FHIR validator', () => {
    const withPosition: Location = { ...office, position: { latitude: 39.8, longitude: -89.6 } };
    const values = { ...locationFormValues(withPosition), addressLine2: 'Suite 2', description: 'Downtown' };
    const saved = locationFromForm(values, withPosition);
    expect(saved).toMatchObject({
      id: 'loc-1',
      name: 'Main Street Dental',
      description: 'Downtown',
      position: { latitude: 39.8, longitude: -89.6 },
      address: { line: ['1 Main St', 'Suite 2'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    });
    expect(locationFormValues(saved)).toEqual(values);
    expect(locationSchema.safeParse(saved).error).toBeUndefined();
    expect(locationFromForm({ ...values, description: '' }, saved).description).toBeUndefined();
  });

  it('makes a room a physical-type room part of its location', () => {
    expect(isRoom(op1)).toBe(true);
    expect(op1.partOf).toEqual({ reference: 'Location/loc-1' });
    expect(op1.description).toBe('Window side');
    expect(locationSchema.safeParse(op1).error).toBeUndefined();
  });

  it('lists offices with their rooms by name, and places as "Office — Room"', () => {
    const tree = locationTree([op2, orphan, office, op1]);
    expect(tree.map((t) => [t.location.id, t.rooms.map((r) => r.id)])).toEqual([['loc-1', ['loc-r1', 'loc-r2']]]);
    expect(placeOptions([op2, office, op1]).map((o) => o.label)).toEqual([
      'Main Street Dental',
      'Main Street Dental — Operatory 1',
      'Main Street Dental — Operatory 2',
    ]);
    expect(placeName([office, op1], 'loc-r1')).toBe('Main Street Dental — Operatory 1');
    expect(placeName([office], 'loc-x')).toBeNull();
    expect(addressText(office)).toBe('1 Main St, Springfield, IL 62701, US');
  });
});
