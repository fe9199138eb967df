import type { Db } from '../sqlite/database.js';
import { sqliteOrgFeatures } from './features.sqlite.js';
import { sqliteInvitations } from './invitations.sqlite.js';
import { sqliteMemberships } from './memberships.sqlite.js';
import { sqliteOrganisations } from './organisations.sqlite.js';
import type { OrgStore } from './types.js';

/**
 * The organisations' repository over the server's SQLite database (tables of migrations 10 and
 * 45): its four aggregates over one connection, as one OrgStore. `new SqliteOrgStore(db)` is how
 * the server and the tests open it.
 */
export const SqliteOrgStore = class {
  constructor(db: Db) {
    Object.assign(this, sqliteOrganisations(db), sqliteMemberships(db), sqliteInvitations(db), sqliteOrgFeatures(db));
  }
} as new (db: Db) => OrgStore;
export type SqliteOrgStore = OrgStore;
