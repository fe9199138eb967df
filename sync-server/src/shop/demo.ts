import { encodePng, orderTotals, type OrderStatus, type PostalAddressView } from '@vigil/shared';
import type { OrgStore } from '../store/orgs/types.js';
import type { ProductRecord, ShopStore } from '../store/shop/types.js';

/*
 * The demo store (issue 37): the equipment Vigil works with, each with a drawn picture, and an
 * order of the demo office in each status, shipped to the office's address (the shipped one with
 * its carrier and tracking number), so every shop and store screen has something in it.
 */

type Rgb = readonly [number, number, number];

/** A 160 × 160 product picture: a device body, its screen and a few details, drawn in pixels. */
function picture(body: Rgb, screen: Rgb, kind: 'monitor' | 'scanner' | 'sensor'): string {
  const size = 160;
  const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number): boolean =>
    x >= x0 && x < x1 && y >= y0 && y < y1;
  const png = encodePng(size, size, (x, y) => {
    if (kind === 'monitor') {
      if (inRect(x, y, 36, 44, 124, 92)) return screen;
      if (inRect(x, y, 28, 36, 132, 124)) return body;
    } else if (kind === 'scanner') {
      if (inRect(x, y, 40, 30, 120, 70)) return screen;
      if (inRect(x, y, 34, 24, 126, 76) || inRect(x, y, 64, 76, 96, 140)) return body;
    } else {
      const dx = x - 80;
      const dy = y - 70;
      if (dx * dx + dy * dy < 30 * 30) return screen;
      if (dx * dx + dy * dy < 44 * 44 || inRect(x, y, 76, 110, 84, 150)) return body;
    }
    return [246, 248, 250];
  });
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}

const DEMO_PRODUCTS: readonly Omit<ProductRecord, 'createdAt' | 'updatedAt' | 'currency' | 'active'>[] = [
  {
    id: 'prd-demooximeter0',
    name: 'Bedside pulse oximeter',
    description: 'SpO2 and pulse rate with a serial output Vigil reads; adult and pediatric sensors.',
    sku: 'VG-OX-200',
    category: 'Monitors',
    price: 89_500,
    stock: 12,
    images: [picture([45, 62, 80], [32, 201, 151], 'monitor')],
  },
  {
    id: 'prd-democapnograph',
    name: 'Sidestream capnograph',
    description: 'EtCO2 and respiratory rate with waveform, for moderate and deep sedation.',
    sku: 'VG-CO2-10',
    category: 'Monitors',
    price: 245_000,
    stock: 4,
    images: [picture([55, 65, 81], [250, 176, 5], 'monitor')],
  },
  {
    id: 'prd-demoscanner000',
    name: '2D barcode scanner',
    description: 'Reads GS1 DataMatrix on drug packaging into the drug ledger and the case.',
    sku: 'VG-SCAN-2D',
    category: 'Scanners',
    price: 18_900,
    stock: 25,
    images: [picture([33, 37, 41], [77, 171, 247], 'scanner')],
  },
  {
    id: 'prd-demosensors000',
    name: 'Disposable SpO2 sensors (box of 24)',
    description: 'Single-patient adult finger sensors for the bedside pulse oximeter.',
    sku: 'VG-SENS-24',
    category: 'Supplies',
    price: 7_200,
    stock: 140,
    images: [picture([134, 142, 150], [250, 82, 82], 'sensor')],
  },
  {
    id: 'prd-demoelectrodes',
    name: 'ECG electrodes (pack of 50)',
    description: 'Foam electrodes for three- and five-lead ECG.',
    sku: 'VG-ECG-50',
    category: 'Supplies',
    price: 2_400,
    stock: 0,
    images: [picture([134, 142, 150], [64, 192, 87], 'sensor')],
  },
];

/**
 * Where the demo office's equipment goes: its main practice and a satellite clinic (real street
 * forms, ZIP codes of their cities), so the order screens show an address as a real order has.
 */
const DEMO_ADDRESSES: readonly PostalAddressView[] = [
  {
    name: 'Demo Dental Sedation, Attn: Front Desk',
    address: {
      line1: '1250 Lakeshore Drive',
      line2: 'Suite 310',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62704',
      country: 'US',
    },
  },
  {
    name: 'Demo Dental Sedation – Oak Park Clinic',
    address: {
      line1: '418 Harrison Street',
      line2: null,
      city: 'Oak Park',
      state: 'IL',
      postal_code: '60304',
      country: 'US',
    },
  },
];

interface Deps {
  shop: ShopStore;
  orgs: Pick<OrgStore, 'setFeature'>;
}

/**
 * Seeds the demo store's products, turns the store on for the demo office, and gives it an order
 * in each status (paid, fulfilled, shipped, refunded), spread over the last weeks. Never overwrites.
 */
export async function seedDemoShop(deps: Deps, orgId: string, now: Date, userId: string): Promise<void> {
  const at = now.getTime();
  if (await deps.shop.product(DEMO_PRODUCTS[0]!.id)) return;
  for (const p of DEMO_PRODUCTS) {
    await deps.shop.putProduct({ ...p, currency: 'usd', active: true, createdAt: at, updatedAt: at });
  }
  await deps.orgs.setFeature(
    orgId,
    'store',
    true,
    userId,
    { at, ip: null, userAgent: null },
    {
      action: 'orgFeatureAdded',
      userId,
      detail: { name: 'store', value: true, demo: true },
    },
  );
  const day = 86_400_000;
  // `to` is the order's shipping address in DEMO_ADDRESSES.
  const orders: { status: OrderStatus; ago: number; to: number; items: [number, number][] }[] = [
    { status: 'refunded', ago: 40, to: 0, items: [[4, 1]] },
    {
      status: 'shipped',
      ago: 21,
      to: 1,
      items: [
        [0, 1],
        [3, 2],
      ],
    },
    { status: 'fulfilled', ago: 6, to: 0, items: [[2, 2]] },
    {
      status: 'paid',
      ago: 1,
      to: 0,
      items: [
        [1, 1],
        [3, 1],
      ],
    },
  ];
  for (const [i, o] of orders.entries()) {
    const placed = at - o.ago * day;
    const lines = o.items.map(([p, quantity]) => ({
      productId: DEMO_PRODUCTS[p]!.id,
      name: DEMO_PRODUCTS[p]!.name,
      unitPrice: DEMO_PRODUCTS[p]!.price,
      quantity,
    }));
    await deps.shop.createOrder({
      id: `ord-demo00000000${i}`,
      orgId,
      status: o.status,
      lines,
      ...orderTotals(lines),
      currency: 'usd',
      shippingAddress: DEMO_ADDRESSES[o.to]!,
      // Demo orders were never charged at a provider.
      paymentId: null,
      carrier: o.status === 'shipped' ? 'UPS' : null,
      trackingNumber: o.status === 'shipped' ? '1Z999AA10123456784' : null,
      placedBy: userId,
      placedByTeam: false,
      createdAt: placed,
      fulfilledAt: o.status === 'refunded' || o.status === 'paid' ? null : placed + day,
      shippedAt: o.status === 'shipped' ? placed + 2 * day : null,
      refundedAt: o.status === 'refunded' ? placed + 3 * day : null,
      updatedAt: placed,
    });
  }
}
