/** A position as kept in the case's `positions` list (spec 001 §3: name, time). Time in epoch ms. */
export interface PositionEntry {
  id: string;
  name: string;
  time: number;
}

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
