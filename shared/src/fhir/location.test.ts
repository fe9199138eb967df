import { describe, expect, it } from 'vitest';
import { validateResource, validateResourceChange } from './resources.js';
import { isRoom, ROOM_PHYSICAL_TYPE, roomParentId, type Location } from './location.js';

const office: Location = {
  resourceType: 'Location',
  name: 'Main Street Dental',
  status: 'active',
  address: { line: ['1 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
  position: { latitude: 39.8, longitude: -89.6 },
};
const room: Location = {
  resourceType: 'Location',
  name: 'Operatory 1',
  physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
  partOf: { reference: 'Location/loc-1' },
};

describe('Location', () => {
  it('accepts an office and a room', () => {
    expect(validateResource(office)).toEqual([]);
    expect(validateResource(room)).toEqual([]);
    expect(isRoom(room)).toBe(true);
    expect(isRoom(office)).toBe(false);
  });

  it.each([
    [-90, -180, []],
    [90, 180, []],
    [90.01, 0, ['Invalid Latitude: 90.01']],
    [-91, 0, ['Invalid Latitude: -91']],
    [0, 180.5, ['Invalid Longitude: 180.5']],
    [0, -181, ['Invalid Longitude: -181']],
    [100, 200, ['Invalid Latitude: 100', 'Invalid Longitude: 200']],
  ])('latitude %d, longitude %d gives %o (-90..90, -180..180, spec 001 §5)', (latitude, longitude, messages) => {
    expect(validateResource({ ...office, position: { latitude, longitude } }).map((i) => i.message)).toEqual(messages);
  });

  it('refuses a latitude that is not a number', () => {
    expect(validateResource({ ...office, position: { latitude: 'north', longitude: 0 } })[0]?.message).toBe(
      'Invalid Latitude: north',
    );
  });

  it("refuses an unknown status with 'Invalid value'", () => {
    expect(validateResource({ ...office, status: 'closed' }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('refuses a room without its location, and an unknown physical type code', () => {
    expect(validateResource({ ...room, partOf: undefined }).map((i) => i.code)).toEqual(['ROOM_NEEDS_PARENT']);
    const odd = { ...room, physicalType: { coding: [{ system: ROOM_PHYSICAL_TYPE.system, code: 'cave' }] } };
    expect(validateResource(odd).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it("refuses removing a room's parent: 'Cannot delete this reference'", () => {
    const { partOf: _partOf, ...orphan } = room;
    expect(validateResourceChange(room, orphan).map((i) => i.message)).toEqual(['Cannot delete this reference']);
    expect(validateResourceChange(room, { ...room, partOf: { reference: 'Location/loc-2' } })).toEqual([]);
  });

  it('names the location a room is part of', () => {
    expect(roomParentId({ ...room, partOf: { reference: 'Location/loc-1' } })).toBe('loc-1');
    expect(roomParentId(office)).toBeNull();
  });
});
