import type { OrderStatus } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { CartLine, NewOrder, OrderChanges, OrderRecord, Page, ProductRecord, ShopStore } from './types.js';

const product = (r: Record<string, unknown>): ProductRecord => ({
  id: r.id as string,
  name: r.name as string,
  description: r.description as string,
  sku: r.sku as string,
  category: r.category as string,
  price: Number(r.price),
  currency: r.currency as string,
  stock: Number(r.stock),
  images: JSON.parse(r.images as string) as string[],
  active: Number(r.active) === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const order = (r: Record<string, unknown>): OrderRecord => ({
  ...(JSON.parse(r.body as string) as NewOrder),
  seq: Number(r.seq),
});

/** A product without enough stock: rolls back the stock already taken for the order. */
class OutOfStock extends Error {}

/**
 * The shop on PostgreSQL (shop_products, shop_cart_lines, shop_orders; PG migration 105; issue 43).
 * Stock is taken line by line with `stock >= quantity` in the update itself (the row lock makes a
 * second instance re-check after the first commits), in product id order so two orders never
 * wait on each other; an order moves on from a status it holds under its row lock (FOR UPDATE).
 */
export class PostgresShopStore implements ShopStore {
  constructor(private readonly db: PostgresDatabase) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async products(query: { activeOnly: boolean; limit: number; after?: string }): Promise<Page<ProductRecord>> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (query.activeOnly) where.push('active = 1');
    if (query.after !== undefined) {
      const { rows } = await this.db.query<{ name: string }>('SELECT name FROM shop_products WHERE id = $1', [
        query.after,
      ]);
      if (!rows[0]) return { items: [], hasMore: false };
      args.push(rows[0].name, query.after);
      where.push(
        `(name COLLATE "C" > $${args.length - 1} OR (name = $${args.length - 1} AND id COLLATE "C" > $${args.length}))`,
      );
    }
    args.push(query.limit + 1);
    const { rows } = await this.db.query(
      `SELECT * FROM shop_products ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY name COLLATE "C", id COLLATE "C" LIMIT $${args.length}`,
      args,
    );
    return { items: rows.slice(0, query.limit).map(product), hasMore: rows.length > query.limit };
  }

  async product(id: string): Promise<ProductRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM shop_products WHERE id = $1', [id]);
    return rows[0] ? product(rows[0]) : null;
  }

  async putProduct(p: ProductRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO shop_products (id, name, description, sku, category, price, currency, stock, images, active,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, sku = excluded.sku,
         category = excluded.category, price = excluded.price, currency = excluded.currency, stock = excluded.stock,
         images = excluded.images, active = excluded.active, updated_at = excluded.updated_at`,
      [
        p.id,
        p.name,
        p.description,
        p.sku,
        p.category,
        p.price,
        p.currency,
        p.stock,
        JSON.stringify(p.images),
        p.active ? 1 : 0,
        p.createdAt,
        p.updatedAt,
      ],
    );
  }

  async takeStock(lines: readonly CartLine[]): Promise<boolean> {
    const ordered = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
    try {
      return await this.db.transaction(async () => {
        for (const l of ordered) {
          const { rowCount } = await this.db.query(
            'UPDATE shop_products SET stock = stock - $1 WHERE id = $2 AND stock >= $1',
            [l.quantity, l.productId],
          );
          // Throwing rolls back what earlier lines took.
          if (rowCount !== 1) throw new OutOfStock();
        }
        return true;
      });
    } catch (e) {
      if (e instanceof OutOfStock) return false;
      throw e;
    }
  }

  returnStock(lines: readonly CartLine[]): Promise<void> {
    const ordered = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
    return this.db.transaction(async () => {
      for (const l of ordered) {
        await this.db.query('UPDATE shop_products SET stock = stock + $1 WHERE id = $2', [l.quantity, l.productId]);
      }
    });
  }

  async cart(orgId: string, userId: string): Promise<CartLine[]> {
    const { rows } = await this.db.query<{ product_id: string; quantity: number }>(
      'SELECT product_id, quantity FROM shop_cart_lines WHERE org_id = $1 AND user_id = $2 ORDER BY added_seq',
      [orgId, userId],
    );
    return rows.map((r) => ({ productId: r.product_id, quantity: Number(r.quantity) }));
  }

  async setCartLine(orgId: string, userId: string, productId: string, quantity: number): Promise<void> {
    if (quantity <= 0) {
      await this.db.query('DELETE FROM shop_cart_lines WHERE org_id = $1 AND user_id = $2 AND product_id = $3', [
        orgId,
        userId,
        productId,
      ]);
      return;
    }
    await this.db.query(
      `INSERT INTO shop_cart_lines (org_id, user_id, product_id, quantity) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, user_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
      [orgId, userId, productId, quantity],
    );
  }

  async clearCart(orgId: string, userId: string): Promise<void> {
    await this.db.query('DELETE FROM shop_cart_lines WHERE org_id = $1 AND user_id = $2', [orgId, userId]);
  }

  async createOrder(o: NewOrder): Promise<OrderRecord> {
    const { rows } = await this.db.query<{ seq: string }>(
      'INSERT INTO shop_orders (id, org_id, status, body, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING seq',
      [o.id, o.orgId, o.status, JSON.stringify(o), o.createdAt],
    );
    return { ...o, seq: Number(rows[0]!.seq) };
  }

  async order(id: string): Promise<OrderRecord | null> {
    const { rows } = await this.db.query('SELECT seq, body FROM shop_orders WHERE id = $1', [id]);
    return rows[0] ? order(rows[0]) : null;
  }

  updateOrder(id: string, from: OrderStatus, changes: OrderChanges): Promise<boolean> {
    return this.db.transaction(async () => {
      const { rows } = await this.db.query('SELECT seq, body, status FROM shop_orders WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      if (!row || row.status !== from) return false;
      const { seq: _seq, ...next } = { ...order(row), ...changes };
      await this.db.query('UPDATE shop_orders SET status = $1, body = $2 WHERE id = $3', [
        next.status,
        JSON.stringify(next),
        id,
      ]);
      return true;
    });
  }

  async orders(query: {
    orgId?: string;
    status?: OrderStatus;
    limit: number;
    after?: string;
  }): Promise<Page<OrderRecord>> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (query.orgId !== undefined) {
      args.push(query.orgId);
      where.push(`org_id = $${args.length}`);
    }
    if (query.status !== undefined) {
      args.push(query.status);
      where.push(`status = $${args.length}`);
    }
    if (query.after !== undefined) {
      const { rows } = await this.db.query<{ seq: string }>('SELECT seq FROM shop_orders WHERE id = $1', [query.after]);
      if (!rows[0]) return { items: [], hasMore: false };
      args.push(rows[0].seq);
      where.push(`seq < $${args.length}`);
    }
    args.push(query.limit + 1);
    const { rows } = await this.db.query(
      `SELECT seq, body FROM shop_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY seq DESC LIMIT $${args.length}`,
      args,
    );
    return { items: rows.slice(0, query.limit).map(order), hasMore: rows.length > query.limit };
  }
}
