import type { OrderStatus } from '@vigil/shared';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { sqliteTransaction } from '../sqlite/transaction.js';
import type { CartLine, NewOrder, OrderChanges, OrderRecord, Page, ProductRecord, ShopStore } from './types.js';

interface ProductRow {
  id: string;
  name: string;
  description: string;
  sku: string;
  category: string;
  price: number;
  currency: string;
  stock: number;
  images: string;
  active: number;
  created_at: number;
  updated_at: number;
}

const product = (r: ProductRow): ProductRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sku: r.sku,
  category: r.category,
  price: r.price,
  currency: r.currency,
  stock: r.stock,
  images: JSON.parse(r.images) as string[],
  active: r.active === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const order = (r: { seq: number; body: string }): OrderRecord => ({ ...(JSON.parse(r.body) as NewOrder), seq: r.seq });

/** The shop over better-sqlite3 (shop_products, shop_cart_lines, shop_orders; migration 105). */
export class SqliteShopStore implements ShopStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return sqliteTransaction(this.db, fn);
  }

  products(query: { activeOnly: boolean; limit: number; after?: string }): Promise<Page<ProductRecord>> {
    return serialized(this.db, () => {
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (query.activeOnly) where.push('active = 1');
      if (query.after !== undefined) {
        const cursor = this.db.prepare('SELECT name FROM shop_products WHERE id = ?').get(query.after) as
          { name: string } | undefined;
        if (!cursor) return { items: [], hasMore: false };
        where.push('(name > ? OR (name = ? AND id > ?))');
        args.push(cursor.name, cursor.name, query.after);
      }
      const rows = this.db
        .prepare(
          `SELECT * FROM shop_products ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY name, id LIMIT ?`,
        )
        .all(...args, query.limit + 1) as ProductRow[];
      return { items: rows.slice(0, query.limit).map(product), hasMore: rows.length > query.limit };
    });
  }

  product(id: string): Promise<ProductRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM shop_products WHERE id = ?').get(id) as ProductRow | undefined;
      return row ? product(row) : null;
    });
  }

  putProduct(p: ProductRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO shop_products (id, name, description, sku, category, price, currency, stock, images, active, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, sku = excluded.sku,
             category = excluded.category, price = excluded.price, currency = excluded.currency, stock = excluded.stock,
             images = excluded.images, active = excluded.active, updated_at = excluded.updated_at`,
        )
        .run(
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
        );
    });
  }

  takeStock(lines: readonly CartLine[]): Promise<boolean> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const take = this.db.prepare('UPDATE shop_products SET stock = stock - ? WHERE id = ? AND stock >= ?');
        for (const l of lines) {
          // Throwing rolls back what earlier lines took.
          if (take.run(l.quantity, l.productId, l.quantity).changes !== 1) throw new OutOfStock();
        }
        return true;
      })(),
    ).catch((e: unknown) => {
      if (e instanceof OutOfStock) return false;
      throw e;
    });
  }

  returnStock(lines: readonly CartLine[]): Promise<void> {
    return serialized(this.db, () => {
      const give = this.db.prepare('UPDATE shop_products SET stock = stock + ? WHERE id = ?');
      this.db.transaction(() => {
        for (const l of lines) give.run(l.quantity, l.productId);
      })();
    });
  }

  cart(orgId: string, userId: string): Promise<CartLine[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            'SELECT product_id AS productId, quantity FROM shop_cart_lines WHERE org_id = ? AND user_id = ? ORDER BY added_seq',
          )
          .all(orgId, userId) as CartLine[],
    );
  }

  setCartLine(orgId: string, userId: string, productId: string, quantity: number): Promise<void> {
    return serialized(this.db, () => {
      if (quantity <= 0) {
        this.db
          .prepare('DELETE FROM shop_cart_lines WHERE org_id = ? AND user_id = ? AND product_id = ?')
          .run(orgId, userId, productId);
        return;
      }
      this.db
        .prepare(
          `INSERT INTO shop_cart_lines (org_id, user_id, product_id, quantity, added_seq)
           VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(added_seq), 0) + 1 FROM shop_cart_lines))
           ON CONFLICT (org_id, user_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
        )
        .run(orgId, userId, productId, quantity);
    });
  }

  clearCart(orgId: string, userId: string): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('DELETE FROM shop_cart_lines WHERE org_id = ? AND user_id = ?').run(orgId, userId);
    });
  }

  createOrder(o: NewOrder): Promise<OrderRecord> {
    return serialized(this.db, () => {
      const info = this.db
        .prepare('INSERT INTO shop_orders (id, org_id, status, body, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(o.id, o.orgId, o.status, JSON.stringify(o), o.createdAt);
      return { ...o, seq: Number(info.lastInsertRowid) };
    });
  }

  order(id: string): Promise<OrderRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT seq, body FROM shop_orders WHERE id = ?').get(id) as
        { seq: number; body: string } | undefined;
      return row ? order(row) : null;
    });
  }

  updateOrder(id: string, from: OrderStatus, changes: OrderChanges): Promise<boolean> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const row = this.db.prepare('SELECT seq, body, status FROM shop_orders WHERE id = ?').get(id) as
          { seq: number; body: string; status: OrderStatus } | undefined;
        if (!row || row.status !== from) return false;
        const { seq: _seq, ...next } = { ...order(row), ...changes };
        this.db
          .prepare('UPDATE shop_orders SET status = ?, body = ? WHERE id = ? AND status = ?')
          .run(next.status, JSON.stringify(next), id, from);
        return true;
      })(),
    );
  }

  orders(query: { orgId?: string; status?: OrderStatus; limit: number; after?: string }): Promise<Page<OrderRecord>> {
    return serialized(this.db, () => {
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (query.orgId !== undefined) {
        where.push('org_id = ?');
        args.push(query.orgId);
      }
      if (query.status !== undefined) {
        where.push('status = ?');
        args.push(query.status);
      }
      if (query.after !== undefined) {
        const cursor = this.db.prepare('SELECT seq FROM shop_orders WHERE id = ?').get(query.after) as
          { seq: number } | undefined;
        if (!cursor) return { items: [], hasMore: false };
        where.push('seq < ?');
        args.push(cursor.seq);
      }
      const rows = this.db
        .prepare(
          `SELECT seq, body FROM shop_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`,
        )
        .all(...args, query.limit + 1) as { seq: number; body: string }[];
      return { items: rows.slice(0, query.limit).map(order), hasMore: rows.length > query.limit };
    });
  }
}

/** A product without enough stock: rolls back the stock already taken for the order. */
class OutOfStock extends Error {}
