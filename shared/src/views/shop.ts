import { z } from 'zod';
import { ORDER_STATUSES } from '../shop/orders.js';
import { postalAddressViewSchema } from './orgs.js';

/*
 * The shop's and the team store's GraphQL views (issue 37), written once as zod schemas (issue 36
 * item 5); views-sdl.test.ts holds them against sync-server/src/graphql/shop.ts.
 */

export const productViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sku: z.string(),
  category: z.string(),
  /** Whole cents. */
  price: z.number(),
  currency: z.string(),
  stock: z.number(),
  images: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ProductView = z.infer<typeof productViewSchema>;

export const orderLineViewSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number(),
});

export const shopOrderViewSchema = z.object({
  id: z.string(),
  /** VG-000123 (SH5). */
  number: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineViewSchema),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  currency: z.string(),
  shippingAddress: postalAddressViewSchema.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  placedByTeam: z.boolean(),
  createdAt: z.number(),
  fulfilledAt: z.number().nullable(),
  shippedAt: z.number().nullable(),
  refundedAt: z.number().nullable(),
});
export type ShopOrderView = z.infer<typeof shopOrderViewSchema>;

export const cartLineViewSchema = z.object({ product: productViewSchema, quantity: z.number() });
export const cartViewSchema = z.object({
  lines: z.array(cartLineViewSchema),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
});
export type CartView = z.infer<typeof cartViewSchema>;

/** A product as the team saves it (no id: a new one). */
export const productInputSchema = z.object({
  id: z.string().nullish(),
  name: z.string(),
  description: z.string().nullish(),
  sku: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number(),
  images: z.array(z.string()).nullish(),
  active: z.boolean().nullish(),
});
export type ProductInput = z.infer<typeof productInputSchema>;
