import {
  canMoveOrder,
  ORDER_STATUS_LABELS,
  refusalText,
  SHOP_TEXTS,
  type OrderStatus,
  type PostalAddressView,
  type RefusalWording,
  type ShopOrderView,
} from '@vigil/shared';

/*
 * The shop's words and pure helpers (issue 37): refusals, stock, addresses, an order's timeline,
 * and the team's product form read into the server's input (price in dollars → whole cents).
 */

const ERROR_TEXTS: RefusalWording = {
  FEATURE_DISABLED: 'The shop is not turned on for this organization.',
  NOT_AUTHORIZED: 'Only an administrator of this organization can order from the shop.',
  NOT_FOUND: 'This was not found. It may have been removed from the shop.',
  NETWORK_ERROR: 'No connection to the server. Try again when online.',
  INVALID_TRACKING_NUMBER: 'A tracking number is 4 to 40 letters, digits or dashes.',
  INVALID_IMAGE: 'A picture must be a PNG or JPEG of at most 2000 × 2000 pixels.',
  default: 'Something went wrong. Try again.',
};

/**
 * [SHC1] What a refusal says: the shop answers its own refusals as sentences (SHOP_TEXTS, the
 * provider's card messages), shown as they are; a code reads as the shop's or the catalogue's text.
 */
export function shopErrorText(code: string | null | undefined): string {
  if (code && /\s/.test(code) && /[.!?]$/.test(code)) return code;
  return refusalText(code, ERROR_TEXTS);
}

/** [SHC2] Whether checkout was refused because the organisation has no card (the Subscription page adds one). */
export const needsCard = (code: string | null | undefined): boolean => code === SHOP_TEXTS.noCard;

/** [SHC3] A product's stock in words: "Out of stock", "Only 3 left", "12 in stock". */
export function stockText(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  if (stock <= 5) return `Only ${stock} left`;
  return `${stock} in stock`;
}

/** [SHC4] An address as the lines of a label: name, street lines, "City, ST 12345", country; empty lines left out. */
export function addressLines(a: PostalAddressView | null | undefined): string[] {
  if (!a) return [];
  const { line1, line2, city, state, postal_code: postal, country } = a.address;
  const place = [city, [state, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.name, line1, line2, place, country].filter((l): l is string => typeof l === 'string' && l.trim() !== '');
}

/** Badge colours dark enough for white text at badge size (WCAG AA 4.5:1), under a dialog's overlay too. */
export const STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
  paid: 'blue.9',
  fulfilled: 'grape.9',
  shipped: 'teal.9',
  refunded: 'gray.8',
};

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** When it happened; null when it has not (yet). */
  at: number | null;
  /** "UPS 1Z999…" on the shipped step. */
  detail: string | null;
}

/**
 * [SHC5] An order's timeline: paid, fulfilled, shipped (with its carrier and tracking number),
 * then refunded when it was. A refunded order shows only the steps it reached before the refund.
 */
export function orderTimeline(o: ShopOrderView): TimelineStep[] {
  const shipped = o.carrier || o.trackingNumber ? [o.carrier, o.trackingNumber].filter(Boolean).join(' ') : null;
  const steps: TimelineStep[] = [
    { status: 'paid', label: ORDER_STATUS_LABELS.paid, at: o.createdAt, detail: null },
    { status: 'fulfilled', label: ORDER_STATUS_LABELS.fulfilled, at: o.fulfilledAt, detail: null },
    { status: 'shipped', label: ORDER_STATUS_LABELS.shipped, at: o.shippedAt, detail: o.shippedAt ? shipped : null },
  ];
  if (o.status !== 'refunded') return steps;
  return [
    ...steps.filter((s) => s.at !== null),
    { status: 'refunded', label: ORDER_STATUS_LABELS.refunded, at: o.refundedAt, detail: null },
  ];
}

/** [SHC6] The moves the team may make from a status (SH1), in the order the buttons show them. */
export function nextMoves(status: OrderStatus): OrderStatus[] {
  return (['fulfilled', 'shipped', 'refunded'] as const).filter((to) => canMoveOrder(status, to));
}

/** The label of a move's button. */
export const MOVE_LABELS: Readonly<Record<OrderStatus, string>> = {
  paid: 'Mark paid',
  fulfilled: 'Mark fulfilled',
  shipped: 'Ship',
  refunded: 'Refund',
};

/**
 * [SHC7] Dollars as typed ("89", "89.5", "1,250.00", "$12.99") to whole cents; null when it is not
 * an amount of at most two decimals, or is negative.
 */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  const [whole = '0', part = ''] = t.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Cents as the form shows them: "895.00". */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

export interface ProductFormValues {
  name: string;
  description: string;
  sku: string;
  category: string;
  price: string;
  stock: string;
  active: boolean;
  images: string[];
}

export type ProductFormField = 'name' | 'sku' | 'category' | 'price' | 'stock';

export interface ParsedProduct {
  input: {
    name: string;
    description: string;
    sku: string;
    category: string;
    price: number;
    stock: number;
    active: boolean;
    images: string[];
  } | null;
  errors: Partial<Record<ProductFormField, string>>;
}

/** [SHC8] The product form read into saveProduct's input, or each field's problem. */
export function parseProductForm(v: ProductFormValues): ParsedProduct {
  const errors: Partial<Record<ProductFormField, string>> = {};
  if (!v.name.trim()) errors.name = 'Enter a name.';
  if (!v.sku.trim()) errors.sku = 'Enter a SKU.';
  if (!v.category.trim()) errors.category = 'Enter a category.';
  const price = dollarsToCents(v.price);
  if (price === null) errors.price = 'Enter a price in dollars, such as 89.50.';
  const stock = /^\s*\d+\s*$/.test(v.stock) ? Number(v.stock) : null;
  if (stock === null) errors.stock = 'Enter the number in stock (0 or more).';
  if (Object.keys(errors).length > 0 || price === null || stock === null) return { input: null, errors };
  return {
    input: {
      name: v.name.trim(),
      description: v.description.trim(),
      sku: v.sku.trim(),
      category: v.category.trim(),
      price,
      stock,
      active: v.active,
      images: v.images,
    },
    errors,
  };
}

/** When something happened, as the order pages show it. */
export const dateTimeText = (at: number): string =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
