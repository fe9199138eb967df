import { presetMacroSchema, type PresetMacroInput } from '@vigil/shared';
import type { PresetStore } from '../store/presets/types.js';

/** The demo office's presets (issue 39): two of the demo's, one of the demo user's own. */
export const DEMO_PRESETS: readonly { id: string; name: string; owner: 'demo' | 'user'; macro: PresetMacroInput }[] = [
  {
    id: 'pre-demomoderate00',
    name: 'Moderate IV sedation',
    owner: 'demo',
    macro: {
      values: {
        sedationLevel: 'moderate',
        ivEnabled: true,
        airwayEnabled: true,
        userRole: 'both',
        dischargeScoreType: 'aldrete',
        timeoutEnabled: true,
        preProcedureRiskAssessment: 'ASA I-II, airway assessed, consent signed.',
        procedureNotes: 'Local anesthesia given. Procedure completed without complications.',
        recoveryNotes: 'Patient alert and oriented; discharged to escort with written instructions.',
      },
      localDrugs: [
        {
          drugVariantId: 'lidocaine-epi100',
          unit: 'cartridges',
          dose: 2,
          amount_raw: '2',
          epiConcentration: 100_000,
          cartridges: 2,
          mg: 72,
          epiMg: 0.036,
          draw: null,
        },
      ],
      parenDrugs: [{ drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: 5 }],
      iv: { side: 'left', name: 'hand', needleGauge: 22, attempts: 1, securedWith: 'tape', solutions: [] },
      airways: [
        {
          type: 'nc',
          preOx: true,
          inflated: true,
          deflated: false,
          placementCompDetail: null,
          removalComp: false,
          removalCompDetail: null,
          peep: null,
          preRemovalSpo2: null,
          postRemovalSpo2: null,
          securedWith: null,
          notes: null,
          removalNotes: null,
          eyeProtection: true,
          confirmation: null,
        },
      ],
      vitalTypes: ['sbp', 'dbp', 'hr', 'spo2', 'etco2'],
    },
  },
  {
    id: 'pre-demominimal000',
    name: 'Minimal oral sedation',
    owner: 'demo',
    macro: {
      values: { sedationLevel: 'minimal', ivEnabled: false, airwayEnabled: false, lastFood: 'None after midnight' },
      preMeds: [{ drugId: 'triazolam', name: 'Triazolam', route: 'PO', unit: 'mg', dose: 0.25, draw: null }],
      vitalTypes: ['hr', 'spo2'],
    },
  },
  {
    id: 'pre-demouserlocal0',
    name: 'Local only',
    owner: 'user',
    macro: { values: { sedationLevel: 'local', ivEnabled: false, airwayEnabled: false } },
  },
];

/** Writes the demo presets into the demo office once (each macro parsed by the one macro schema first). */
export async function seedDemoPresets(
  deps: { presets: PresetStore },
  officeId: string,
  now: Date,
  author: { userId: string },
): Promise<void> {
  const at = now.getTime();
  for (const p of DEMO_PRESETS) {
    // Seeding again (an existing demo database) keeps what is there.
    if (await deps.presets.get(officeId, p.id)) continue;
    await deps.presets.create({
      id: p.id,
      orgId: officeId,
      name: p.name,
      ownerKind: p.owner,
      ownerUserId: p.owner === 'user' ? author.userId : null,
      macro: presetMacroSchema().parse(p.macro),
      createdBy: author.userId,
      createdAt: at,
      updatedAt: at,
    });
  }
}
