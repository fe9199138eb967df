import type { SignoffFlag } from '@vigil/shared';

/**
 * Where a sign-off flag's field is charted on the case screen: the case-data key → the id of the
 * section that shows it (CasePage's section anchors) and the section's name as the navigation
 * says it. A key not listed goes to the section of the next field the flag names.
 */
export const FIELD_SECTIONS: Readonly<Record<string, { id: string; label: string }>> = {
  sedationLevel: { id: 'case-start', label: 'Start' },
  asaClassification: { id: 'case-start', label: 'Start' },
  lastFood: { id: 'case-start', label: 'Start' },
  lastDrink: { id: 'case-start', label: 'Start' },
  preOpChecklist: { id: 'case-start', label: 'Start' },
  weight: { id: 'case-start', label: 'Start' },
  healthHistoryId: { id: 'case-health-history', label: 'Health history' },
  startedOnRoomAir: { id: 'case-checks', label: 'Checks' },
  events: { id: 'case-times', label: 'Times' },
  manualVitals: { id: 'case-vitals', label: 'Vitals' },
  vitalsRecords: { id: 'case-vitals', label: 'Vitals' },
  drugsAdministered: { id: 'case-drugs', label: 'Drugs' },
  localDoses: { id: 'la-tracker', label: 'Local anesthetics' },
  finalRoomAirSpO2: { id: 'case-outcome', label: 'Outcome' },
  dischargeScoreEntries: { id: 'case-discharge', label: 'Discharge' },
  signatures: { id: 'case-signatures', label: 'Signatures' },
};

/** The section a flag jumps to: the first of its fields that has one; null when none does. */
export function flagSection(flag: Pick<SignoffFlag, 'fields'>): { id: string; label: string } | null {
  for (const field of flag.fields) {
    const section = FIELD_SECTIONS[field.split('.')[0]!];
    if (section) return section;
  }
  return null;
}

/** The element that takes the focus in a section: its heading (focusable), else the section itself. */
function headingOf(section: HTMLElement): HTMLElement {
  const heading = section.querySelector<HTMLElement>('h2, h3');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  }
  if (!section.hasAttribute('tabindex')) section.tabIndex = -1;
  return section;
}

/**
 * Brings a section to the top of the screen and moves the keyboard focus to its heading, so the
 * provider lands on the field to fix and a screen reader says where. The sections keep their
 * scroll margin under the sticky header; a second scroll a frame later follows sections above
 * that were still painting for the first time (content-visibility). Returns whether the section
 * exists.
 */
export function jumpToSection(id: string, win: Window = window): boolean {
  const section = win.document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ block: 'start' });
  headingOf(section).focus({ preventScroll: true });
  win.requestAnimationFrame(() => section.scrollIntoView({ block: 'start' }));
  return true;
}
