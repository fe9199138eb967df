import { formatMoney, SHOP_TEXTS, type ShopOrderView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  centsToDollars,
  dollarsToCents,
  needsCard,
  nextMoves,
  orderTimeline,
  parseProductForm,
  shopErrorText,
  stockText,
  type ProductFormValues,
} from './texts.js';

const order = (over: Partial<ShopOrderView>): ShopOrderView => ({
  id: 'ord-1',
  number: 'VG-000001',
  orgId: 'office',
  orgName: 'Office',
  status: 'paid',
  lines: [{ productId: 'p', name: 'Oximeter', unitPrice: 89_500, quantity: 1 }],
  subtotal: 89_500,
  shipping: 0,
  total: 89_500,
  currency: 'usd',
  shippingAddress: null,
  carrier: null,
  trackingNumber: null,
  placedByTeam: false,
  createdAt: 1_000,
  fulfilledAt: null,
  shippedAt: null,
  refundedAt: null,
  ...over,
});

describe('shop texts', () => {
  it('[SHC1] shows the server’s own sentences as they are and reads codes as words', () => {
    expect(shopErrorText(SHOP_TEXTS.emptyCart)).toBe('Your cart is empty.');
    expect(shopErrorText('Your card was declined.')).toBe('Your card was declined.');
    expect(shopErrorText('FEATURE_DISABLED')).toBe('The shop is not turned on for this organization.');
    expect(shopErrorText('NOT_AUTHORIZED')).toBe('Only an administrator of this organization can order from the shop.');
    expect(shopErrorText('SOMETHING_ODD')).toBe('Something went wrong. Try again.');
  });

  it('[SHC2] knows the refusal that needs a card on the Subscription page', () => {
    expect(needsCard(SHOP_TEXTS.noCard)).toBe(true);
    expect(needsCard(SHOP_TEXTS.emptyCart)).toBe(false);
    expect(needsCard(null)).toBe(false);
  });

  it.each([
    [0, 'Out of stock'],
    [-1, 'Out of stock'],
    [1, 'Only 1 left'],
    [5, 'Only 5 left'],
    [6, '6 in stock'],
  ])('[SHC3] says a stock of %i as "%s"', (stock, text) => {
    expect(stockText(stock)).toBe(text);
  });

  it('[SHC4] writes an address as label lines, leaving out empty ones', () => {
    expect(
      addressLines({
        name: 'Demo Dental',
        address: {
          line1: '12 Molar Ave',
          line2: '',
          city: 'Springfield',
          state: 'IL',
          postal_code: '62704',
          country: 'US',
        },
      }),
    ).toEqual(['Demo Dental', '12 Molar Ave', 'Springfield, IL 62704', 'US']);
    expect(addressLines(null)).toEqual([]);
  });

  it('[SHC5] shows shipped with its carrier and tracking number, and a refund after the steps reached', () => {
    const shipped = order({
      status: 'shipped',
      fulfilledAt: 2_000,
      shippedAt: 3_000,
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
    });
    expect(orderTimeline(shipped).map((s) => [s.status, s.at, s.detail])).toEqual([
      ['paid', 1_000, null],
      ['fulfilled', 2_000, null],
      ['shipped', 3_000, 'UPS 1Z999AA1'],
    ]);
    expect(orderTimeline(order({})).map((s) => s.at)).toEqual([1_000, null, null]);
    const refunded = order({ status: 'refunded', refundedAt: 5_000 });
    expect(orderTimeline(refunded).map((s) => s.status)).toEqual(['paid', 'refunded']);
  });

  it.each([
    ['paid', ['fulfilled', 'refunded']],
    ['fulfilled', ['shipped', 'refunded']],
    ['shipped', ['refunded']],
    ['refunded', []],
  ] as const)('[SHC6] offers the moves SH1 allows from %s', (from, moves) => {
    expect(nextMoves(from)).toEqual(moves);
  });
});

describe('money in the product form', () => {
  it.each([
    ['89', 8_900],
    ['89.5', 8_950],
    ['89.50', 8_950],
    ['$1,250.00', 125_000],
    [' 0.99 ', 99],
    ['0', 0],
    ['12.', 1_200],
  ])('[SHC7] reads %j dollars as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.999', '1.2.3', '.5e3'])('[SHC7] refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });

  it('shows cents back as dollars that read back the same', () => {
    expect(centsToDollars(89_500)).toBe('895.00');
    expect(dollarsToCents(centsToDollars(12_345))).toBe(12_345);
    // What the shop shows for the same amount (spec's formatMoney, whole dollars without cents).
    expect(formatMoney(89_500)).toBe('$895');
  });
});

describe('the product form', () => {
  const values: ProductFormValues = {
    name: ' Bedside pulse oximeter ',
    description: 'SpO2 ',
    sku: 'VG-OX-200',
    category: 'Monitors',
    price: '895.00',
    stock: '12',
    active: true,
    images: ['data:image/png;base64,AAAA'],
  };

  it('[SHC8] reads the fields into saveProduct’s input, price in cents and text trimmed', () => {
    expect(parseProductForm(values)).toEqual({
      input: {
        name: 'Bedside pulse oximeter',
        description: 'SpO2',
        sku: 'VG-OX-200',
        category: 'Monitors',
        price: 89_500,
        stock: 12,
        active: true,
        images: ['data:image/png;base64,AAAA'],
      },
      errors: {},
    });
  });

  it('[SHC8] names each field that is wrong and gives no input', () => {
    const parsed = parseProductForm({ ...values, name: ' ', sku: '', category: '', price: '8.999', stock: '1.5' });
    expect(parsed.input).toBeNull();
    expect(Object.keys(parsed.errors).sort()).toEqual(['category', 'name', 'price', 'sku', 'stock']);
    expect(parseProductForm({ ...values, stock: '-1' }).errors.stock).toBe('Enter the number in stock (0 or more).');
  });
});
