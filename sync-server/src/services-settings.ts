/** The office's settings services (split from services.ts, under its size bounds). */
import type { AuditSinks } from './access/audited.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import { auditedOrgChecklists, OrgChecklistsService, type AuditedOrgChecklists } from './checklists/service.js';
import { auditedForms, FormsService, type AuditedForms } from './forms/service.js';
import { auditedOfficeDrugs, OfficeDrugsService, type AuditedOfficeDrugs } from './office-drugs/service.js';
import { auditedPresets, PresetsService, type AuditedPresets } from './presets/service.js';
import type { FhirCore } from './services-fhir.js';
import type { Stores } from './store/select.js';

/**
 * The office's settings a clinician works from, each audited through the same sinks (issue 39):
 * its form definitions, its presets, its checklists and its drug list.
 */
export function buildOrgSettings(
  parts: {
    stores: Stores;
    orgStore: FhirCore['orgStore'];
    entitlements: Entitlements;
    access: OrgAccess;
    now: () => number;
  },
  auditSinks: AuditSinks,
): {
  formDefs: FormsService;
  forms: AuditedForms;
  presets: AuditedPresets;
  checklists: AuditedOrgChecklists;
  officeDrugs: AuditedOfficeDrugs;
} {
  const { stores, orgStore, entitlements, access, now } = parts;
  const formDefs = new FormsService({ forms: stores.forms, orgs: orgStore, entitlements, access, now });
  return {
    formDefs,
    forms: auditedForms(formDefs, auditSinks),
    presets: auditedPresets(new PresetsService({ presets: stores.presets, orgs: orgStore, access, now }), auditSinks),
    checklists: auditedOrgChecklists(
      new OrgChecklistsService({ checklists: stores.checklists, orgs: orgStore, access, now }),
      auditSinks,
    ),
    officeDrugs: auditedOfficeDrugs(
      new OfficeDrugsService({ drugs: stores.officeDrugs, orgs: orgStore, access, now }),
      auditSinks,
    ),
  };
}
