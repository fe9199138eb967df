import type { AuditSinks } from './access/audited.js';
import type { OrgAccess } from './access/index.js';
import type { FhirService } from './fhir/service.js';
import { auditedPreop, PreopService, type AuditedPreop } from './preop/service.js';
import type { Db } from './store/sqlite/database.js';
import type { OrgStore } from './store/orgs/types.js';
import { SqlitePreopSettingsStore } from './store/preop/sqlite.js';

/** The pre-op list (issue 40) over the one FHIR service, with the office's review period stored beside. */
export function buildPreop(
  parts: { db: Db; fhir: FhirService; orgStore: OrgStore; access: OrgAccess; now: () => number },
  auditSinks: AuditSinks,
): AuditedPreop {
  const { db, fhir, orgStore, access, now } = parts;
  const settings = new SqlitePreopSettingsStore(db);
  return auditedPreop(new PreopService({ fhir, settings, orgs: orgStore, access, now }), auditSinks);
}
