import { Entitlements } from '../access/entitlements.js';
import { OrgAccess } from '../access/index.js';
import { AuditLog } from '../auth/audit.js';
import type { SignedRecords } from '../fhir/signed-records.js';
import { RateLimiter } from '../auth/rate-limiter.js';
import { SqliteAccountStore } from '../store/accounts/sqlite.js';
import { SqliteAttemptStore } from '../store/attempts/sqlite.js';
import { SqliteAuditStore } from '../store/audit/sqlite.js';
import { SqliteInventoryStore } from '../store/inventories/sqlite.js';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { sqliteSignedRecords } from '../store/resources/ownership.js';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import { seedDemoData } from '../demo/seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

type Db = ReturnType<typeof openMemoryDatabase>;
import { InventoryService } from './service.js';

/** The demo organisation's ledger service over a fresh in-memory database seeded at `now`. */
export async function demoInventoryService(
  now: Date,
  signed?: Pick<SignedRecords, 'isSigned'>,
): Promise<{ db: Db; service: InventoryService; inventories: SqliteInventoryStore; orgs: SqliteOrgStore }> {
  const db = openMemoryDatabase();
  await seedDemoData(db, now);
  const orgs = new SqliteOrgStore(db);
  const inventories = new SqliteInventoryStore(db);
  const service = new InventoryService({
    inventories,
    orgs,
    entitlements: new Entitlements(orgs),
    access: new OrgAccess({ parentsOf: (id) => orgs.parentsOf(id) }),
    accounts: new SqliteAccountStore(db),
    resources: new SqliteResourceStore(db),
    rooms: { snapshot: () => Promise.resolve({ content: {}, hash: '', finalized: false }) },
    audit: new AuditLog(new SqliteAuditStore(db)),
    limiter: new RateLimiter(new SqliteAttemptStore(db), () => now.getTime()),
    signed: signed ?? sqliteSignedRecords(db),
    now: () => now.getTime(),
  });
  return { db, service, inventories, orgs };
}
