/*
 * The shop's rules (issue 37; spec 000 §2 shop and store routes): an office buys equipment and
 * supplies from the team's store; the team fulfils, ships and refunds. Amounts are whole cents.
 */

export const ORDER_STATUSES = ['paid', 'fulfilled', 'shipped', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Display labels of the statuses. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  shipped: 'Shipped',
  refunded: 'Refunded',
};

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['shipped', 'refunded'],
  shipped: ['refunded'],
  refunded: [],
};

/**
 * [SH1] An order moves forward only: paid → fulfilled → shipped; it may be refunded from any of
 * those (a shipped order refunded is a return); a refunded order is final.
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Flat shipping per order, and the subtotal from which shipping is free (decision, issue 37). */
export const SHOP_SHIPPING = { flatCents: 1_500, freeFromCents: 50_000 } as const;

export interface OrderLineInput {
  unitPrice: number;
  quantity: number;
}

/** [SH2] An order's subtotal, shipping (flat, free from 500.00) and total, in cents. */
export function orderTotals(lines: readonly OrderLineInput[]): { subtotal: number; shipping: number; total: number } {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const shipping = subtotal === 0 || subtotal >= SHOP_SHIPPING.freeFromCents ? 0 : SHOP_SHIPPING.flatCents;
  return { subtotal, shipping, total: subtotal + shipping };
}

/** [SH3] A cart holds at most 50 products, 1 to 99 of each. */
export const CART_LIMITS = { maxLines: 50, maxQuantity: 99 } as const;

/** Carriers a shipment names; its tracking number is 4 to 40 letters, digits or dashes. */
export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** [SH4] Whether a tracking number is of a form carriers use. */
export function validTrackingNumber(value: string): boolean {
  return /^[A-Za-z0-9-]{4,40}$/.test(value.trim());
}

/** The shop's refusal texts (decision: the spec names none). */
export const SHOP_TEXTS = {
  outOfStock: 'Not enough in stock: {name} has {available} left.',
  emptyCart: 'Your cart is empty.',
  unavailable: '{name} is no longer sold.',
  cartFull: 'A cart holds at most 50 products.',
  noCard: 'Add a card on the Subscription page before checking out.',
  badMove: 'An order that is {from} cannot be marked {to}.',
  /** A move from a status the order no longer has (CONFLICT): someone else moved it meanwhile. */
  staleMove:
    'Someone else changed this order meanwhile, so your step was not applied. Its current status is shown below: check it before going on.',
} as const;

/** [SH5] A human order number from its sequence: VG-000123. */
export const orderNumber = (seq: number): string => `VG-${String(seq).padStart(6, '0')}`;
