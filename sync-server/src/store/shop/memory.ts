import type { OrderStatus } from '@vigil/shared';
import { MemoryDatabase } from '../memory/database.js';
import type { CartLine, NewOrder, OrderChanges, OrderRecord, Page, ProductRecord, ShopStore } from './types.js';

interface State {
  products: ProductRecord[];
  carts: { orgId: string; userId: string; productId: string; quantity: number; seq: number }[];
  orders: OrderRecord[];
  cartSeq: number;
}

const byNameThenId = (a: ProductRecord, b: ProductRecord): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function page<T extends { id: string }>(sorted: T[], limit: number, after?: string): Page<T> {
  let rows = sorted;
  if (after !== undefined) {
    const at = rows.findIndex((r) => r.id === after);
    rows = at < 0 ? [] : rows.slice(at + 1);
  }
  return { items: structuredClone(rows.slice(0, limit)), hasMore: rows.length > limit };
}

/** The shop in memory: the second implementation of the contract. */
export class MemoryShopStore implements ShopStore {
  private readonly state;

  constructor(private readonly db = new MemoryDatabase()) {
    this.state = db.table<State>({ products: [], carts: [], orders: [], cartSeq: 0 });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  products(query: { activeOnly: boolean; limit: number; after?: string }): Promise<Page<ProductRecord>> {
    return this.db.run(() => {
      const rows = this.state.value.products.filter((p) => !query.activeOnly || p.active).sort(byNameThenId);
      return page(rows, query.limit, query.after);
    });
  }

  product(id: string): Promise<ProductRecord | null> {
    return this.db.run(() => structuredClone(this.state.value.products.find((p) => p.id === id) ?? null));
  }

  putProduct(product: ProductRecord): Promise<void> {
    return this.db.run(() => {
      const held = this.state.value.products.find((p) => p.id === product.id);
      const next = structuredClone({ ...product, createdAt: held?.createdAt ?? product.createdAt });
      this.state.value.products = [...this.state.value.products.filter((p) => p.id !== product.id), next];
    });
  }

  takeStock(lines: readonly CartLine[]): Promise<boolean> {
    return this.db.run(() => {
      const products = this.state.value.products;
      const enough = lines.every((l) => {
        const wanted = lines.filter((o) => o.productId === l.productId).reduce((n, o) => n + o.quantity, 0);
        return (products.find((p) => p.id === l.productId)?.stock ?? -1) >= wanted;
      });
      if (!enough) return false;
      for (const l of lines) products.find((p) => p.id === l.productId)!.stock -= l.quantity;
      return true;
    });
  }

  returnStock(lines: readonly CartLine[]): Promise<void> {
    return this.db.run(() => {
      for (const l of lines) {
        const p = this.state.value.products.find((x) => x.id === l.productId);
        if (p) p.stock += l.quantity;
      }
    });
  }

  cart(orgId: string, userId: string): Promise<CartLine[]> {
    return this.db.run(() =>
      this.state.value.carts
        .filter((c) => c.orgId === orgId && c.userId === userId)
        .sort((a, b) => a.seq - b.seq)
        .map(({ productId, quantity }) => ({ productId, quantity })),
    );
  }

  setCartLine(orgId: string, userId: string, productId: string, quantity: number): Promise<void> {
    return this.db.run(() => {
      const s = this.state.value;
      const held = s.carts.find((c) => c.orgId === orgId && c.userId === userId && c.productId === productId);
      if (quantity <= 0) s.carts = s.carts.filter((c) => c !== held);
      else if (held) held.quantity = quantity;
      else s.carts.push({ orgId, userId, productId, quantity, seq: ++s.cartSeq });
    });
  }

  clearCart(orgId: string, userId: string): Promise<void> {
    return this.db.run(() => {
      this.state.value.carts = this.state.value.carts.filter((c) => c.orgId !== orgId || c.userId !== userId);
    });
  }

  createOrder(order: NewOrder): Promise<OrderRecord> {
    return this.db.run(() => {
      const orders = this.state.value.orders;
      if (orders.some((o) => o.id === order.id)) throw new Error('UNIQUE constraint failed: shop_orders.id');
      const stored = { ...structuredClone(order), seq: (orders.at(-1)?.seq ?? 0) + 1 };
      orders.push(stored);
      return structuredClone(stored);
    });
  }

  order(id: string): Promise<OrderRecord | null> {
    return this.db.run(() => structuredClone(this.state.value.orders.find((o) => o.id === id) ?? null));
  }

  updateOrder(id: string, from: OrderStatus, changes: OrderChanges): Promise<boolean> {
    return this.db.run(() => {
      const held = this.state.value.orders.find((o) => o.id === id);
      if (!held || held.status !== from) return false;
      Object.assign(held, structuredClone(changes));
      return true;
    });
  }

  orders(query: { orgId?: string; status?: OrderStatus; limit: number; after?: string }): Promise<Page<OrderRecord>> {
    return this.db.run(() => {
      const rows = this.state.value.orders
        .filter(
          (o) =>
            (query.orgId === undefined || o.orgId === query.orgId) &&
            (query.status === undefined || o.status === query.status),
        )
        .sort((a, b) => b.seq - a.seq);
      return page(rows, query.limit, query.after);
    });
  }
}
