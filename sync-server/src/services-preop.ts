import type { AuditSinks } from './access/audited.js';
import type { OrgAccess } from './access/index.js';
import type { FhirService } from './fhir/service.js';
import { auditedPreop, PreopService, type AuditedPreop } from './preop/service.js';
import type { Stores } from './store/select.js';
import type { OrgStore } from './store/orgs/types.js';

/** The pre-op list (issue 40) over the one FHIR service, with the office's review period stored beside. */
export function buildPreop(
  parts: { stores: Stores; fhir: FhirService; orgStore: OrgStore; access: OrgAccess; now: () => number },
  auditSinks: AuditSinks,
): AuditedPreop {
  const { stores, fhir, orgStore, access, now } = parts;
  const settings = stores.preop;
  return auditedPreop(new PreopService({ fhir, settings, orgs: orgStore, access, now }), auditSinks);
}
