import type { PositionEntry } from '@vigil/shared';
/** A position as kept in the case's `positions` list: shared's positionEntrySchema. */
export type { PositionEntry };

/** Positions offered by name; the spec names none (decision). Any other may be typed. */
export const POSITION_NAMES = [
  'Supine',
  'Semi-Fowler',
  'Fowler',
  'Sitting',
  'Beach chair',
  'Trendelenburg',
  'Reverse Trendelenburg',
  'Left lateral',
  'Right lateral',
  'Prone',
  'Recovery position',
] as const;
