import { LEASES_PG_MIGRATION } from '../leases/migration.js';
import type { Migration } from '../sqlite/migrations.js';

/**
 * PostgreSQL's numbered migrations (issue 43), each beside its area's store like SQLite's and
 * registered here by one line. A store gains a line when its PostgreSQL implementation lands.
 */
export const PG_MIGRATIONS: readonly Migration[] = [LEASES_PG_MIGRATION];
