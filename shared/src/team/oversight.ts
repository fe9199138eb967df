import { ORDER_STATUSES, type OrderStatus } from '../shop/orders.js';

/*
 * The team app's FHIR browser and equipment planner (issue 41; spec 000 §2 `/vigil-team/fhir`,
 * `fhir/{orgId}`, `equipment-planner`): the pure rules the server and the screens share.
 */

/** Entries one page of the team's FHIR browser shows (TF1). */
export const TEAM_FHIR_PAGE = 20;
/** The longest search text the browser takes (TF1). */
export const TEAM_FHIR_MAX_QUERY = 500;
/** Parameters the browser sets itself: a search text naming them is refused (TF1). */
const RESERVED = new Set(['_count', '_offset', 'token', '_format']);

/** One search parameter: its name and value. */
export type SearchPair = readonly [name: string, value: string];

/** A query's pairs, decoded as a URL query is ('+' a space); null when one cannot be decoded. */
function pairsOf(text: string): SearchPair[] | null {
  const out: SearchPair[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const [k, v] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    try {
      out.push([decodeURIComponent(k.replace(/\+/g, ' ')), decodeURIComponent(v.replace(/\+/g, ' '))]);
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * TF1: the search parameters of one page of the team's FHIR browser: the search text as a URL
 * query (`name=Lopez&birthdate=ge1980-01-01`, a leading '?' allowed), its paging set by the page
 * (TEAM_FHIR_PAGE entries from `offset`), never by the text; null when the text is too long,
 * cannot be decoded or names a paging or token parameter.
 */
export function teamFhirSearchParams(query: string, offset: number): SearchPair[] | null {
  const text = query.trim().replace(/^\?/, '');
  if (text.length > TEAM_FHIR_MAX_QUERY || !Number.isInteger(offset) || offset < 0) return null;
  const pairs = pairsOf(text);
  if (!pairs || pairs.some(([k]) => k === '' || RESERVED.has(k))) return null;
  return [...pairs, ['_count', String(TEAM_FHIR_PAGE)], ['_offset', String(offset)]];
}

/** Store categories whose ordered products are equipment the planner lists (EQ1). */
export const EQUIPMENT_CATEGORIES = ['Monitors', 'Scanners'] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

/** An order's line as the planner counts it. */
export interface EquipmentOrderLine {
  category: string | null;
  name: string;
  quantity: number;
  status: OrderStatus;
}

/** A device kind an organisation has from the store, and how many. */
export interface OrderedDevice {
  category: EquipmentCategory;
  name: string;
  quantity: number;
}

/**
 * EQ1: the monitors and scanners an organisation has from the team's store: the lines of its
 * orders in the Monitors or Scanners category, except refunded orders, summed per product name;
 * by category, then name.
 */
export function orderedDevices(lines: readonly EquipmentOrderLine[]): OrderedDevice[] {
  const counted = new Map<string, OrderedDevice>();
  for (const l of lines) {
    const category = EQUIPMENT_CATEGORIES.find((c) => c === l.category);
    if (!category || l.status === 'refunded' || !ORDER_STATUSES.includes(l.status) || l.quantity <= 0) continue;
    const key = `${category}\u0000${l.name}`;
    const had = counted.get(key);
    counted.set(key, { category, name: l.name, quantity: (had?.quantity ?? 0) + l.quantity });
  }
  return [...counted.values()].sort((a, b) =>
    a.category === b.category ? a.name.localeCompare(b.name) : a.category.localeCompare(b.category),
  );
}
