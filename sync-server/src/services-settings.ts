/** The office's settings services (split from services.ts, under its size bounds). */
import type { AuditSinks } from './access/audited.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import { auditedOrgChecklists, OrgChecklistsService, type AuditedOrgChecklists } from './checklists/service.js';
import { auditedForms, FormsService, type AuditedForms } from './forms/service.js';
import { auditedOfficeDrugs, OfficeDrugsService, type AuditedOfficeDrugs } from './office-drugs/service.js';
import { auditedPresets, PresetsService, type AuditedPresets } from './presets/service.js';
import type { FhirCore } from './services-fhir.js';
import { SqliteOrgChecklistStore } from './store/checklists/sqlite.js';
import { SqliteOrgFormStore } from './store/forms/sqlite.js';
import { SqliteOfficeDrugStore } from './store/office-drugs/sqlite.js';
import { SqlitePresetStore } from './store/presets/sqlite.js';
import type { Db } from './store/sqlite/database.js';

/**
 * The office's settings a clinician works from, each audited through the same sinks (issue 39):
 * its form definitions, its presets, its checklists and its drug list.
 */
export function buildOrgSettings(
  parts: { db: Db; orgStore: FhirCore['orgStore']; entitlements: Entitlements; access: OrgAccess; now: () => number },
  auditSinks: AuditSinks,
): {
  formDefs: FormsService;
  forms: AuditedForms;
  presets: AuditedPresets;
  checklists: AuditedOrgChecklists;
  officeDrugs: AuditedOfficeDrugs;
} {
  const { db, orgStore, entitlements, access, now } = parts;
  const formDefs = new FormsService({ forms: new SqliteOrgFormStore(db), orgs: orgStore, entitlements, access, now });
  return {
    formDefs,
    forms: auditedForms(formDefs, auditSinks),
    presets: auditedPresets(
      new PresetsService({ presets: new SqlitePresetStore(db), orgs: orgStore, access, now }),
      auditSinks,
    ),
    checklists: auditedOrgChecklists(
      new OrgChecklistsService({ checklists: new SqliteOrgChecklistStore(db), orgs: orgStore, access, now }),
      auditSinks,
    ),
    officeDrugs: auditedOfficeDrugs(
      new OfficeDrugsService({ drugs: new SqliteOfficeDrugStore(db), orgs: orgStore, access, now }),
      auditSinks,
    ),
  };
}
