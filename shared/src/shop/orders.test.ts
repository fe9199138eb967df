import { describe, expect, it } from 'vitest';
import { canMoveOrder, orderNumber, orderTotals, ORDER_STATUSES, validTrackingNumber } from './orders.js';

describe('shop orders (issue 37)', () => {
  it('[SH1] moves an order forward only, refundable until refunded', () => {
    const moves = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual([
      'paid→fulfilled',
      'paid→refunded',
      'fulfilled→shipped',
      'fulfilled→refunded',
      'shipped→refunded',
    ]);
  });

  it('[SH2] adds flat shipping below 500.00 and none from it', () => {
    expect(orderTotals([{ unitPrice: 12_500, quantity: 2 }])).toEqual({
      subtotal: 25_000,
      shipping: 1_500,
      total: 26_500,
    });
    expect(orderTotals([{ unitPrice: 25_000, quantity: 2 }])).toEqual({ subtotal: 50_000, shipping: 0, total: 50_000 });
    expect(orderTotals([{ unitPrice: 49_999, quantity: 1 }]).shipping).toBe(1_500);
    expect(orderTotals([])).toEqual({ subtotal: 0, shipping: 0, total: 0 });
  });

  it('[SH4] accepts tracking numbers of carriers and refuses others', () => {
    expect(validTrackingNumber('1Z999AA10123456784')).toBe(true);
    expect(validTrackingNumber('9400-1000-0000-0000')).toBe(true);
    expect(validTrackingNumber('abc')).toBe(false);
    expect(validTrackingNumber('<script>')).toBe(false);
    expect(validTrackingNumber('x'.repeat(41))).toBe(false);
  });

  it('[SH5] numbers orders VG-000123', () => {
    expect(orderNumber(123)).toBe('VG-000123');
    expect(orderNumber(1_234_567)).toBe('VG-1234567');
  });
});
