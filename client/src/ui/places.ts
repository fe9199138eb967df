import { isRoom, roomParentId, type Location } from '@vigil/shared';

/* Where a case happens, as the screens of several features name it (issue 36 item 6). */

/** An office (a location that is not a room) and its rooms, by name. */
export interface LocationTree {
  location: Location & { id: string };
  rooms: (Location & { id: string })[];
}

const byName = (a: Location, b: Location): number => (a.name ?? '').localeCompare(b.name ?? '');

/** Offices by name, each with its rooms by name; a room whose office is unknown is left out. */
export function locationTree(all: readonly Location[]): LocationTree[] {
  const withId = all.filter((l): l is Location & { id: string } => Boolean(l.id) && l.status !== 'inactive');
  return withId
    .filter((l) => !isRoom(l))
    .sort(byName)
    .map((location) => ({
      location,
      rooms: withId.filter((r) => isRoom(r) && roomParentId(r) === location.id).sort(byName),
    }));
}

/** Choices of where a case happens: each office, and each room as "Office — Room". */
export function placeOptions(all: readonly Location[]): { value: string; label: string }[] {
  return locationTree(all).flatMap(({ location, rooms }) => [
    { value: location.id, label: location.name ?? location.id },
    ...rooms.map((r) => ({ value: r.id, label: `${location.name ?? location.id} — ${r.name ?? r.id}` })),
  ]);
}

/** The name of a place (office, or "Office — Room"), or null when unknown. */
export function placeName(all: readonly Location[], id: string | null): string | null {
  if (!id) return null;
  return placeOptions(all).find((o) => o.value === id)?.label ?? null;
}
