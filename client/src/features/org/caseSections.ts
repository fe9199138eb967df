import type { PluggedCaseSection } from '../cases/index.js';
import { CASE_LEDGER_SECTION_ID, CaseLedgerSection } from '../inventories/index.js';
import { CASE_PRESETS_SECTION_ID, CasePresetsSection } from '../presets/index.js';
import { FinalizeSection } from '../report/index.js';

/**
 * The sections other features add to the case screen (issue 36 item 6), in the org app beside its
 * route table: the presets (issue 39) after the case's start, the controlled-drug reconciliation (issue 29, with the drugInventory flag) before the
 * sign-off checks, and the report's finalize section last.
 */
export const CASE_SECTIONS: readonly PluggedCaseSection[] = [
  // Presets (issue 39): save the case as a preset, or apply presets, before the checks.
  { id: CASE_PRESETS_SECTION_ID, label: 'Presets', before: 'case-checks', Component: CasePresetsSection },
  {
    id: CASE_LEDGER_SECTION_ID,
    label: 'Controlled drugs',
    before: 'case-signoff',
    shows: (settings) => settings.drugInventory,
    Component: CaseLedgerSection,
  },
  { id: 'case-report', label: 'Report', Component: FinalizeSection },
];
