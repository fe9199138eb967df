import type { HealthHistoryTab } from '@vigil/shared';
import type { ComponentType } from 'react';
import { AirwayTab } from './AirwayTab.js';
import { AllergiesTab } from './AllergiesTab.js';
import { ConsultTab } from './ConsultTab.js';
import { MedicationsTab } from './MedicationsTab.js';
import { OtherNotesTab } from './OtherNotesTab.js';
import { PhysicalTab } from './PhysicalTab.js';
import { PreOpVitalsTab } from './PreOpVitalsTab.js';
import { RequiredInfoTab } from './RequiredInfoTab.js';
import { SurgicalTab } from './SurgicalTab.js';
import { SystemsTab } from './SystemsTab.js';
import type { HhxTabProps } from './types.js';

export {
  AirwayTab,
  AllergiesTab,
  ConsultTab,
  MedicationsTab,
  OtherNotesTab,
  PhysicalTab,
  PreOpVitalsTab,
  RequiredInfoTab,
  SurgicalTab,
  SystemsTab,
};
export { tabStatus, TAB_FIELDS } from './status.js';
export type { HhxContext, HhxTabProps } from './types.js';

/** The content tab of each editor tab (spec 002 §2); Review & Complete is the editor shell's own. */
export const HHX_TAB_COMPONENTS: Readonly<
  Record<Exclude<HealthHistoryTab, 'Review & Complete'>, ComponentType<HhxTabProps>>
> = {
  'Required Info': RequiredInfoTab,
  Physical: PhysicalTab,
  Allergies: AllergiesTab,
  Medications: MedicationsTab,
  Surgical: SurgicalTab,
  Systems: SystemsTab,
  'Airway Assessment': AirwayTab,
  Consult: ConsultTab,
  'Pre-Op Vitals': PreOpVitalsTab,
  'Other Notes': OtherNotesTab,
};
