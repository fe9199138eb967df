import {
  canMoveOrder,
  CARRIERS,
  CART_LIMITS,
  checkImageDataUrl,
  IMAGE_BOUNDS,
  newId,
  ORDER_STATUSES,
  orderNumber,
  orderTotals,
  SHOP_TEXTS,
  validTrackingNumber,
  type PostalAddressView,
  type ShopOrderView,
} from '@vigil/shared';
import { z } from 'zod';
import { internalStaff, type Caller, type SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { PaymentRefusedError, type PaymentProvider } from '../billing/provider.js';
import { orgFor } from '../orgs/authorize.js';
import { AppError } from '../errors.js';
import { parse, refuse } from '../orgs/common.js';
import type { BillingStore } from '../store/billing/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { CartLine, OrderRecord, Page, ProductRecord, ShopStore } from '../store/shop/types.js';

export interface ShopDeps {
  shop: ShopStore;
  provider: Pick<PaymentProvider, 'pay' | 'refund'>;
  billing: Pick<BillingStore, 'get'>;
  orgs: Pick<OrgStore, 'org' | 'parentsOf'>;
  access: Pick<OrgAccess, 'authorize'>;
  now: () => number;
}

/** A cart line with its product as the shop shows it, and the cart's totals. */
export interface CartView {
  lines: { product: ProductRecord; quantity: number }[];
  subtotal: number;
  shipping: number;
  total: number;
}

/** Product pictures: at most 6, each a png or jpeg of form-image size and at most 1.5 MB (decision). */
export const PRODUCT_IMAGE_LIMITS = { count: 6, bytes: 1_500_000 } as const;

const id = z.string().trim().min(1).max(64);
const pageArgs = z.object({ first: z.number().int().min(1).max(200).default(100), after: id.nullish() });
const image = z
  .string()
  .max(Math.ceil((PRODUCT_IMAGE_LIMITS.bytes * 4) / 3) + 64)
  .refine((url) => checkImageDataUrl(url, IMAGE_BOUNDS.formImage).ok, 'INVALID_IMAGE');
const productInput = z.object({
  id: id.nullish(),
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(4_000).default(''),
  sku: z.string().trim().min(1).max(64),
  category: z.string().trim().min(1).max(64),
  price: z.number().int().min(0).max(100_000_000),
  stock: z.number().int().min(0).max(1_000_000),
  images: z.array(image).max(PRODUCT_IMAGE_LIMITS.count).default([]),
  active: z.boolean().default(true),
});
const move = z.object({
  orderId: id,
  /** The status the team member saw: a move from any other is refused (CONFLICT). */
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
  carrier: z.enum(CARRIERS).nullish(),
  trackingNumber: z
    .string()
    .trim()
    .refine((v) => validTrackingNumber(v), 'INVALID_TRACKING_NUMBER')
    .nullish(),
});

const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/**
 * The offices' shop and the team's store (issue 37; spec 000 §2, `store` feature flag): members
 * browse the catalogue and their organisation's orders; administrators fill a cart and check out
 * with the organisation's card (the payment provider); the internal team keeps the catalogue,
 * fulfils, ships and refunds, and may order on an organisation's behalf. Stock is taken before the
 * charge and given back when it is refused, so an order is never paid for what is not there.
 */
export class ShopService {
  constructor(private readonly deps: ShopDeps) {}

  private async org(
    caller: Caller,
    orgId: unknown,
    need: 'member' | 'admin',
  ): Promise<{ who: SignedIn; orgId: string }> {
    const { caller: who, org } = await orgFor({ store: this.deps.orgs, access: this.deps.access }, caller, orgId, [
      need,
      { feature: 'store' },
    ]);
    return { who, orgId: org.id };
  }

  private team(caller: Caller): SignedIn {
    return internalStaff(caller);
  }

  async catalogue(caller: Caller, args: Record<string, unknown>): Promise<Page<ProductRecord>> {
    await this.org(caller, args.orgId, 'member');
    const { first, after } = parse(pageArgs, { first: args.first ?? undefined, after: args.after });
    return this.deps.shop.products({ activeOnly: true, limit: first, after: after ?? undefined });
  }

  async product(caller: Caller, args: Record<string, unknown>): Promise<ProductRecord> {
    await this.org(caller, args.orgId, 'member');
    const found = await this.deps.shop.product(parse(id, args.productId));
    if (!found?.active) refuse('NOT_FOUND');
    return found;
  }

  async cart(caller: Caller, args: Record<string, unknown>): Promise<CartView> {
    const { who, orgId } = await this.org(caller, args.orgId, 'admin');
    return this.cartView(await this.deps.shop.cart(orgId, who.user.id));
  }

  /** Sets a product's quantity in the caller's cart (0 removes it), within the cart's limits and the stock. */
  async setCartLine(caller: Caller, args: Record<string, unknown>): Promise<CartView> {
    const { who, orgId } = await this.org(caller, args.orgId, 'admin');
    const productId = parse(id, args.productId);
    const quantity = parse(z.number().int().min(0).max(CART_LIMITS.maxQuantity), args.quantity);
    const cart = await this.deps.shop.cart(orgId, who.user.id);
    if (quantity > 0) {
      const product = await this.deps.shop.product(productId);
      if (!product?.active) refuse('NOT_FOUND');
      if (product.stock < quantity)
        refuse(fill(SHOP_TEXTS.outOfStock, { name: product.name, available: product.stock }));
      if (!cart.some((l) => l.productId === productId) && cart.length >= CART_LIMITS.maxLines)
        refuse(SHOP_TEXTS.cartFull);
    }
    await this.deps.shop.setCartLine(orgId, who.user.id, productId, quantity);
    return this.cartView(await this.deps.shop.cart(orgId, who.user.id));
  }

  /**
   * Places the caller's cart as an order paid with the organisation's default card: stock taken
   * first (all or none), then the charge (refused: the stock given back and the provider's message
   * answered), then the order and the emptied cart in one unit of work.
   */
  async checkout(caller: Caller, args: Record<string, unknown>): Promise<OrderRecord> {
    const { who, orgId } = await this.org(caller, args.orgId, 'admin');
    const cart = await this.deps.shop.cart(orgId, who.user.id);
    if (cart.length === 0) refuse(SHOP_TEXTS.emptyCart);
    const view = await this.cartView(cart);
    const gone = view.lines.find((l) => !l.product.active);
    if (gone) refuse(fill(SHOP_TEXTS.unavailable, { name: gone.product.name }));
    const account = await this.deps.billing.get(orgId);
    if (!account) refuse(SHOP_TEXTS.noCard);
    // The cart is claimed with its stock in one unit of work: a second submit (a double click,
    // another tab) finds it empty and is refused, so one cart is never paid twice.
    const claimed = await this.deps.shop.transaction(async () => {
      const held = await this.deps.shop.cart(orgId, who.user.id);
      if (held.length === 0) return 'empty' as const;
      if (!(await this.deps.shop.takeStock(held))) return 'short' as const;
      await this.deps.shop.clearCart(orgId, who.user.id);
      return held;
    });
    if (claimed === 'empty') refuse(SHOP_TEXTS.emptyCart);
    if (claimed === 'short') {
      const short = view.lines.find((l) => l.product.stock < l.quantity) ?? view.lines[0]!;
      refuse(fill(SHOP_TEXTS.outOfStock, { name: short.product.name, available: short.product.stock }));
    }
    /** Puts the stock and the cart back as they were (a refused card, an order not written). */
    const giveBack = async (): Promise<void> => {
      await this.deps.shop.returnStock(claimed);
      for (const l of claimed) await this.deps.shop.setCartLine(orgId, who.user.id, l.productId, l.quantity);
    };
    const orderId = newId('ord');
    let paymentId: string;
    try {
      const payment = await this.deps.provider.pay(account.customerId, view.total, 'usd', 'Vigil shop order', {
        orgId,
        orderId,
      });
      paymentId = payment.id;
    } catch (e) {
      await giveBack();
      if (e instanceof PaymentRefusedError) refuse(e.message);
      throw e;
    }
    const now = this.deps.now();
    const org = await this.deps.orgs.org(orgId);
    try {
      return await this.deps.shop.createOrder({
        id: orderId,
        orgId,
        status: 'paid',
        lines: view.lines.map((l) => ({
          productId: l.product.id,
          name: l.product.name,
          unitPrice: l.product.price,
          quantity: l.quantity,
        })),
        subtotal: view.subtotal,
        shipping: view.shipping,
        total: view.total,
        currency: 'usd',
        shippingAddress: shippingOf(org),
        paymentId,
        carrier: null,
        trackingNumber: null,
        placedBy: who.user.id,
        placedByTeam: !who.subject.orgs.some((m) => m.id === orgId),
        createdAt: now,
        fulfilledAt: null,
        shippedAt: null,
        refundedAt: null,
        updatedAt: now,
      });
    } catch (e) {
      // Paid but not recorded: the payment is refunded, never kept without its order.
      await this.deps.provider.refund(paymentId);
      await giveBack();
      throw e;
    }
  }

  async orders(caller: Caller, args: Record<string, unknown>): Promise<Page<OrderRecord>> {
    const { orgId } = await this.org(caller, args.orgId, 'member');
    const { first, after } = parse(pageArgs, { first: args.first ?? undefined, after: args.after });
    return this.deps.shop.orders({ orgId, limit: first, after: after ?? undefined });
  }

  async order(caller: Caller, args: Record<string, unknown>): Promise<OrderRecord> {
    const { orgId } = await this.org(caller, args.orgId, 'member');
    const found = await this.deps.shop.order(parse(id, args.orderId));
    // Another organisation's order is not revealed.
    if (!found || found.orgId !== orgId) refuse('NOT_FOUND');
    return found;
  }

  /** Orders as the shop's screens show them: their number and organisation's name. */
  async views(orders: readonly OrderRecord[]): Promise<ShopOrderView[]> {
    const names = new Map<string, string>();
    for (const o of orders) {
      if (!names.has(o.orgId)) names.set(o.orgId, (await this.deps.orgs.org(o.orgId))?.name ?? o.orgId);
    }
    return orders.map(({ seq, paymentId: _payment, placedBy: _by, updatedAt: _at, ...o }) => ({
      ...o,
      number: orderNumber(seq),
      orgName: names.get(o.orgId)!,
    }));
  }

  // ---- The team's store (internal ubers) ----

  async teamProducts(caller: Caller, args: Record<string, unknown>): Promise<Page<ProductRecord>> {
    this.team(caller);
    const { first, after } = parse(pageArgs, { first: args.first ?? undefined, after: args.after });
    return this.deps.shop.products({ activeOnly: false, limit: first, after: after ?? undefined });
  }

  async teamProduct(caller: Caller, args: Record<string, unknown>): Promise<ProductRecord> {
    this.team(caller);
    const found = await this.deps.shop.product(parse(id, args.productId));
    if (!found) refuse('NOT_FOUND');
    return found;
  }

  /** Creates a product (no id) or changes one; pictures bounded. */
  async saveProduct(caller: Caller, args: Record<string, unknown>): Promise<ProductRecord> {
    this.team(caller);
    const input = parse(productInput, args.product);
    const now = this.deps.now();
    const held = input.id ? await this.deps.shop.product(input.id) : null;
    if (input.id && !held) refuse('NOT_FOUND');
    const product: ProductRecord = {
      ...input,
      id: held?.id ?? newId('prd'),
      currency: 'usd',
      createdAt: held?.createdAt ?? now,
      updatedAt: now,
    };
    await this.deps.shop.putProduct(product);
    return product;
  }

  async teamOrders(caller: Caller, args: Record<string, unknown>): Promise<Page<OrderRecord>> {
    this.team(caller);
    const status = args.status == null ? undefined : parse(z.enum(ORDER_STATUSES), args.status);
    const { first, after } = parse(pageArgs, { first: args.first ?? undefined, after: args.after });
    return this.deps.shop.orders({ status, limit: first, after: after ?? undefined });
  }

  async teamOrder(caller: Caller, args: Record<string, unknown>): Promise<OrderRecord> {
    this.team(caller);
    const found = await this.deps.shop.order(parse(id, args.orderId));
    if (!found) refuse('NOT_FOUND');
    return found;
  }

  /**
   * Fulfils, ships (a carrier and tracking number) or refunds an order, only from the status the
   * team member saw (`from`): two people at once, or one screen left open while another moved the
   * order, and the late one is refused CONFLICT (staleMove), never applied to a status they did
   * not see. A refund before shipping puts the stock back.
   */
  async moveOrder(caller: Caller, args: Record<string, unknown>): Promise<OrderRecord> {
    this.team(caller);
    const input = parse(move, args);
    const order = await this.deps.shop.order(input.orderId);
    if (!order) refuse('NOT_FOUND');
    const stale = (): never => {
      throw new AppError(409, 'CONFLICT', SHOP_TEXTS.staleMove);
    };
    if (order.status !== input.from) stale();
    if (!canMoveOrder(input.from, input.to)) refuse(fill(SHOP_TEXTS.badMove, { from: input.from, to: input.to }));
    if (input.to === 'shipped' && (!input.carrier || !input.trackingNumber))
      refuse('A carrier and a tracking number are required.');
    const now = this.deps.now();
    const changes = {
      status: input.to,
      updatedAt: now,
      ...(input.to === 'fulfilled' && { fulfilledAt: now }),
      ...(input.to === 'shipped' && {
        shippedAt: now,
        carrier: input.carrier!,
        trackingNumber: input.trackingNumber!.trim(),
      }),
      ...(input.to === 'refunded' && { refundedAt: now }),
    };
    // Written only if still `from` (the store's condition): a move between the read and here loses.
    if (!(await this.deps.shop.updateOrder(order.id, input.from, changes))) stale();
    if (input.to === 'refunded') return this.refund(order);
    return (await this.deps.shop.order(order.id))!;
  }

  /** After the status is refunded (one refund wins): the provider, whose failure puts the status back. */
  private async refund(order: OrderRecord): Promise<OrderRecord> {
    try {
      if (order.paymentId) await this.deps.provider.refund(order.paymentId);
    } catch (e) {
      await this.deps.shop.updateOrder(order.id, 'refunded', {
        status: order.status,
        refundedAt: null,
        updatedAt: order.updatedAt,
      });
      throw e;
    }
    if (order.status !== 'shipped') {
      await this.deps.shop.returnStock(order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
    }
    return (await this.deps.shop.order(order.id))!;
  }

  private async cartView(cart: readonly CartLine[]): Promise<CartView> {
    const lines: CartView['lines'] = [];
    for (const line of cart) {
      const product = await this.deps.shop.product(line.productId);
      if (product) lines.push({ product, quantity: line.quantity });
    }
    const totals = orderTotals(lines.map((l) => ({ unitPrice: l.product.price, quantity: l.quantity })));
    return { lines, ...totals };
  }
}

/** Where an order ships: the organisation's shipping address, else its billing address. */
function shippingOf(org: Awaited<ReturnType<OrgStore['org']>>): PostalAddressView | null {
  if (!org) return null;
  if (org.shippingAddress) return org.shippingAddress;
  if (!org.addressLine1) return null;
  return {
    name: org.billingName ?? org.name,
    address: {
      line1: org.addressLine1,
      line2: org.addressLine2 ?? '',
      city: org.city ?? '',
      state: org.state ?? '',
      postal_code: org.postalCode ?? '',
      country: org.country ?? '',
    },
  };
}
