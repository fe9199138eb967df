import {
  cartViewSchema,
  postalAddressViewSchema,
  productViewSchema,
  shopOrderViewSchema,
  type CartView,
  type OrderStatus,
  type PostalAddressView,
  type ProductInput,
  type ProductView,
  type ShopOrderView,
} from '@vigil/shared';
import { z } from 'zod';
import { graphql } from '../../data/graphql.js';

/*
 * The shop's and the team store's GraphQL calls (issue 37): the catalogue, a product, the cart,
 * checkout and the organisation's orders; the team's products and orders, saveProduct and
 * moveOrder. Answers are parsed with shared/src/views/shop.ts's schemas (the ones the SDL is held
 * to), so a field the server stopped sending fails here rather than as a blank on screen.
 */

export type Product = ProductView;
export type ShopOrder = ShopOrderView;
export type Cart = CartView;
export type { OrderStatus, PostalAddressView, ProductInput };

const PRODUCT = 'id name description sku category price currency stock images active createdAt updatedAt';
const ADDRESS = 'name address { line1 line2 city state postal_code country }';
const ORDER = `id number orgId orgName status lines { productId name unitPrice quantity } subtotal shipping total currency shippingAddress { ${ADDRESS} } carrier trackingNumber placedByTeam createdAt fulfilledAt shippedAt refundedAt`;
const CART = `lines { product { ${PRODUCT} } quantity } subtotal shipping total`;

/** Products a page (the catalogue's "Load more") and orders a page. */
export const PRODUCT_PAGE = 24;
export const ORDER_PAGE = 25;

const products = z.array(productViewSchema);
const orders = z.array(shopOrderViewSchema);

export async function fetchCatalogue(orgId: string, after: string | null, first = PRODUCT_PAGE): Promise<Product[]> {
  const data = await graphql<{ shopProducts: unknown }>(
    `query ShopProducts($orgId: String, $first: Int, $after: String) { shopProducts(orgId: $orgId, first: $first, after: $after) { ${PRODUCT} } }`,
    { orgId, first, after },
  );
  return products.parse(data.shopProducts);
}

export async function fetchProduct(orgId: string, productId: string): Promise<Product> {
  const data = await graphql<{ shopProduct: unknown }>(
    `query ShopProduct($orgId: String, $id: String!) { shopProduct(orgId: $orgId, productId: $id) { ${PRODUCT} } }`,
    { orgId, id: productId },
  );
  return productViewSchema.parse(data.shopProduct);
}

export async function fetchCart(orgId: string): Promise<Cart> {
  const data = await graphql<{ shopCart: unknown }>(
    `query ShopCart($orgId: String) { shopCart(orgId: $orgId) { ${CART} } }`,
    {
      orgId,
    },
  );
  return cartViewSchema.parse(data.shopCart);
}

/** Sets a product's quantity in the caller's cart; 0 removes it. */
export async function setCartLine(orgId: string, productId: string, quantity: number): Promise<Cart> {
  const data = await graphql<{ setCartLine: unknown }>(
    `mutation SetCartLine($orgId: String, $productId: String!, $quantity: Int!) { setCartLine(orgId: $orgId, productId: $productId, quantity: $quantity) { ${CART} } }`,
    { orgId, productId, quantity },
  );
  return cartViewSchema.parse(data.setCartLine);
}

export async function checkout(orgId: string): Promise<ShopOrder> {
  const data = await graphql<{ checkout: unknown }>(
    `mutation Checkout($orgId: String) { checkout(orgId: $orgId) { ${ORDER} } }`,
    { orgId },
  );
  return shopOrderViewSchema.parse(data.checkout);
}

export async function fetchOrders(orgId: string, after: string | null, first = ORDER_PAGE): Promise<ShopOrder[]> {
  const data = await graphql<{ shopOrders: unknown }>(
    `query ShopOrders($orgId: String, $first: Int, $after: String) { shopOrders(orgId: $orgId, first: $first, after: $after) { ${ORDER} } }`,
    { orgId, first, after },
  );
  return orders.parse(data.shopOrders);
}

export async function fetchOrder(orgId: string, orderId: string): Promise<ShopOrder> {
  const data = await graphql<{ shopOrder: unknown }>(
    `query ShopOrder($orgId: String, $id: String!) { shopOrder(orgId: $orgId, orderId: $id) { ${ORDER} } }`,
    { orgId, id: orderId },
  );
  return shopOrderViewSchema.parse(data.shopOrder);
}

const shipTo = z.object({
  name: z.string(),
  shippingAddress: postalAddressViewSchema.nullable(),
  billingAddress: postalAddressViewSchema.nullable(),
});
export type ShipTo = z.infer<typeof shipTo>;

/** The organisation's name and addresses: an order ships to its shipping address, else its billing one. */
export async function fetchShipTo(orgId: string): Promise<ShipTo> {
  const data = await graphql<{ org: unknown }>(
    `query ShopShipTo($orgId: String) { org(orgId: $orgId) { name shippingAddress { ${ADDRESS} } billingAddress { ${ADDRESS} } } }`,
    { orgId },
  );
  return shipTo.parse(data.org);
}

const cardOnFile = z.object({
  defaultCardId: z.string().nullable(),
  cards: z.array(
    z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
  ),
});
export type CardOnFile = z.infer<typeof cardOnFile>['cards'][number];

/** The organisation's default card (administrators), null when it has none. */
export async function fetchCardOnFile(orgId: string): Promise<CardOnFile | null> {
  const data = await graphql<{ subscription: unknown }>(
    'query ShopCard($orgId: String) { subscription(orgId: $orgId) { defaultCardId cards { id brand last4 expMonth expYear } } }',
    { orgId },
  );
  const s = cardOnFile.parse(data.subscription);
  return s.cards.find((c) => c.id === s.defaultCardId) ?? s.cards[0] ?? null;
}

/* The team's store. */

export async function fetchStoreProducts(after: string | null, first = 100): Promise<Product[]> {
  const data = await graphql<{ storeProducts: unknown }>(
    `query StoreProducts($first: Int, $after: String) { storeProducts(first: $first, after: $after) { ${PRODUCT} } }`,
    { first, after },
  );
  return products.parse(data.storeProducts);
}

export async function fetchStoreProduct(productId: string): Promise<Product> {
  const data = await graphql<{ storeProduct: unknown }>(
    `query StoreProduct($id: String!) { storeProduct(productId: $id) { ${PRODUCT} } }`,
    { id: productId },
  );
  return productViewSchema.parse(data.storeProduct);
}

export async function saveProduct(product: ProductInput): Promise<Product> {
  const data = await graphql<{ saveProduct: unknown }>(
    `mutation SaveProduct($product: ProductInput!) { saveProduct(product: $product) { ${PRODUCT} } }`,
    { product },
  );
  return productViewSchema.parse(data.saveProduct);
}

export async function fetchStoreOrders(
  status: OrderStatus | null,
  after: string | null,
  first = ORDER_PAGE,
): Promise<ShopOrder[]> {
  const data = await graphql<{ storeOrders: unknown }>(
    `query StoreOrders($status: String, $first: Int, $after: String) { storeOrders(status: $status, first: $first, after: $after) { ${ORDER} } }`,
    { status, first, after },
  );
  return orders.parse(data.storeOrders);
}

/** How many orders have a status, counted up to `upTo` (their ids only: a page of ids costs little). */
export async function countStoreOrders(status: OrderStatus, upTo: number): Promise<number> {
  const data = await graphql<{ storeOrders: unknown }>(
    'query StoreOrderCount($status: String, $first: Int) { storeOrders(status: $status, first: $first) { id } }',
    { status, first: upTo },
  );
  return z.array(z.object({ id: z.string() })).parse(data.storeOrders).length;
}

export async function fetchStoreOrder(orderId: string): Promise<ShopOrder> {
  const data = await graphql<{ storeOrder: unknown }>(
    `query StoreOrder($id: String!) { storeOrder(orderId: $id) { ${ORDER} } }`,
    { id: orderId },
  );
  return shopOrderViewSchema.parse(data.storeOrder);
}

export interface OrderMove {
  /** The status the screen showed: the server refuses the move (CONFLICT) if the order has left it. */
  from: OrderStatus;
  to: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
}

export async function moveOrder(orderId: string, move: OrderMove): Promise<ShopOrder> {
  const data = await graphql<{ moveOrder: unknown }>(
    `mutation MoveOrder($orderId: String!, $from: String!, $to: String!, $carrier: String, $trackingNumber: String) { moveOrder(orderId: $orderId, from: $from, to: $to, carrier: $carrier, trackingNumber: $trackingNumber) { ${ORDER} } }`,
    {
      orderId,
      from: move.from,
      to: move.to,
      carrier: move.carrier ?? null,
      trackingNumber: move.trackingNumber ?? null,
    },
  );
  return shopOrderViewSchema.parse(data.moveOrder);
}
