import { validateOfficeDrugs, type OfficeDrug } from '@vigil/shared';
import type { OfficeDrugStore } from '../store/office-drugs/types.js';

const entry = (category: OfficeDrug['category'], id: string, rest: Partial<OfficeDrug> = {}): OfficeDrug => ({
  id,
  category,
  name: '',
  custom: false,
  unit: null,
  routes: [],
  commonDoses: [],
  maximum: null,
  ...rest,
});

/**
 * The demo office's drug list (issue 39, customize-drugs): a few catalogue drugs first in each
 * list with their usual doses, and a drug of its own without a maximum (none is entered without a
 * cited source, OD4). Its parent organisation lists diazepam, which reaches the office read-only.
 */
export const DEMO_OFFICE_DRUGS: readonly OfficeDrug[] = [
  entry('parenteral', 'midazolam', { unit: 'mg', routes: ['IV', 'IM'], commonDoses: [1, 2] }),
  entry('parenteral', 'fentanyl', { unit: 'mcg', routes: ['IV'], commonDoses: [25, 50] }),
  entry('parenteral', '', { name: 'Remimazolam', custom: true, unit: 'mg', routes: ['IV'], commonDoses: [2.5, 5] }),
  entry('oral', 'triazolam', { unit: 'mg', routes: ['SL', 'PO'], commonDoses: [0.25] }),
  entry('local', 'articaine-epi100'),
  entry('local', 'lidocaine-epi100'),
  entry('inhalation', 'nitrous'),
  entry('inhalation', 'oxygen'),
];

export const DEMO_PARENT_DRUGS: readonly OfficeDrug[] = [
  entry('oral', 'diazepam', { unit: 'mg', routes: ['PO'], commonDoses: [5] }),
];

/** Writes the demo office's and its parent's drug lists once (each checked by OD1 first). */
export async function seedDemoOfficeDrugs(
  deps: { drugs: OfficeDrugStore },
  orgs: { office: string; parent: string },
  now: Date,
  author: { userId: string },
): Promise<void> {
  for (const [orgId, list] of [
    [orgs.office, DEMO_OFFICE_DRUGS],
    [orgs.parent, DEMO_PARENT_DRUGS],
  ] as const) {
    // Seeding again (an existing demo database) keeps what is there.
    if ((await deps.drugs.lists([orgId])).length > 0) continue;
    const checked = validateOfficeDrugs(list);
    if (!checked.ok) throw new Error(`demo drug list: ${checked.issues.map((i) => i.message).join('; ')}`);
    await deps.drugs.put({ orgId, drugs: checked.drugs, updatedBy: author.userId, updatedAt: now.getTime() });
  }
}
