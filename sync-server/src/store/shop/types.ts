import type { OrderStatus, PostalAddressView } from '@vigil/shared';
import type { UnitOfWork } from '../unit-of-work.js';

/*
 * The team's store and the offices' shop (issue 37): products with their stock, each user's cart
 * in an organisation, and orders. Stock is taken and given back in one atomic step; an order's
 * status changes only from the status the caller saw (compare and set), so two people fulfilling
 * or refunding at once cannot both succeed. Async and transactional (a UnitOfWork), so another
 * implementation passes contract.test.ts.
 */

export interface ProductRecord {
  id: string;
  name: string;
  description: string;
  sku: string;
  category: string;
  /** Whole cents. */
  price: number;
  currency: string;
  stock: number;
  /** Bounded image data URLs (png or jpeg), first is the main picture. */
  images: string[];
  /** Offered in the shop (an archived product stays on its orders). */
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface OrderLine {
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
}

export interface OrderRecord {
  id: string;
  /** Its place in the order sequence (the order number's digits). */
  seq: number;
  orgId: string;
  status: OrderStatus;
  lines: OrderLine[];
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  shippingAddress: PostalAddressView | null;
  /** The provider's payment. */
  paymentId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  placedBy: string;
  /** Placed by the internal team on the organisation's behalf. */
  placedByTeam: boolean;
  createdAt: number;
  fulfilledAt: number | null;
  shippedAt: number | null;
  refundedAt: number | null;
  updatedAt: number;
}

export type NewOrder = Omit<OrderRecord, 'seq'>;

export type OrderChanges = Partial<
  Pick<OrderRecord, 'status' | 'carrier' | 'trackingNumber' | 'fulfilledAt' | 'shippedAt' | 'refundedAt' | 'updatedAt'>
>;

export interface CartLine {
  productId: string;
  quantity: number;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

export interface ShopStore extends UnitOfWork {
  /** Products by name then id; `after` is the last id of the previous page. */
  products(query: { activeOnly: boolean; limit: number; after?: string }): Promise<Page<ProductRecord>>;
  product(id: string): Promise<ProductRecord | null>;
  /** Inserts or replaces a product (its stock included). */
  putProduct(product: ProductRecord): Promise<void>;
  /** Takes the quantities from stock when every product has enough, in one step: false and nothing taken otherwise. */
  takeStock(lines: readonly CartLine[]): Promise<boolean>;
  returnStock(lines: readonly CartLine[]): Promise<void>;
  cart(orgId: string, userId: string): Promise<CartLine[]>;
  /** Sets a product's quantity in a cart; 0 removes it. */
  setCartLine(orgId: string, userId: string, productId: string, quantity: number): Promise<void>;
  clearCart(orgId: string, userId: string): Promise<void>;
  /** Stores a new order with the next sequence number. */
  createOrder(order: NewOrder): Promise<OrderRecord>;
  order(id: string): Promise<OrderRecord | null>;
  /** Changes an order only while its status is `from`: false when it is not (someone moved it first). */
  updateOrder(id: string, from: OrderStatus, changes: OrderChanges): Promise<boolean>;
  /** Orders newest first, of one organisation or all, of one status or any; `after` is the last id of the previous page. */
  orders(query: { orgId?: string; status?: OrderStatus; limit: number; after?: string }): Promise<Page<OrderRecord>>;
}
