import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 37: the team's store and the offices' shop. Registered in MIGRATIONS (sqlite/migrations.ts)
 * by one line; released migrations are never edited.
 */
export const SHOP_MIGRATION: Migration = {
  version: 105,
  name: 'shop',
  sql: `
    CREATE TABLE shop_products (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      sku TEXT NOT NULL,
      category TEXT NOT NULL,
      price INTEGER NOT NULL CHECK (price >= 0),
      currency TEXT NOT NULL,
      stock INTEGER NOT NULL CHECK (stock >= 0),
      images TEXT NOT NULL CHECK (json_valid(images)),
      active INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX shop_products_by_name ON shop_products (name, id);

    CREATE TABLE shop_cart_lines (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      product_id TEXT NOT NULL REFERENCES shop_products (id) ON DELETE CASCADE,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      added_seq INTEGER NOT NULL,
      PRIMARY KEY (org_id, user_id, product_id)
    ) STRICT;

    CREATE TABLE shop_orders (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      org_id TEXT NOT NULL REFERENCES orgs (id),
      status TEXT NOT NULL CHECK (status IN ('paid', 'fulfilled', 'shipped', 'refunded')),
      body TEXT NOT NULL CHECK (json_valid(body)),
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX shop_orders_by_org ON shop_orders (org_id, seq);
    CREATE INDEX shop_orders_by_status ON shop_orders (status, seq);
  `,
};
