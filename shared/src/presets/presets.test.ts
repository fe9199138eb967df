import { describe, expect, it } from 'vitest';
import { caseDataSchema } from '../case-data/schema.js';
import { caseListEntrySchemas } from '../case-data/entries.js';
import {
  PRESET_COPIED_FIELDS,
  emptyPresetMacro,
  presetMacroSchema,
  validatePresetMacro,
  type PresetMacroInput,
} from './macro.js';
import {
  pickPresetItems,
  presetCaseWrites,
  presetDisallowedLevel,
  presetItems,
  presetMacroFromCase,
  presetVitalTracking,
} from './items.js';
import { presetDialogName, PRESET_SOURCE_LABELS } from './owners.js';

const midazolam = { drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: 5 } as const;
const sample: PresetMacroInput = {
  values: { sedationLevel: 'moderate', procedureNotes: 'Routine extractions', userRole: 'both', ivEnabled: true },
  preMeds: [{ drugId: 'triazolam', name: 'Triazolam', route: 'PO', unit: 'mg', dose: 0.25, draw: null }],
  parenDrugs: [midazolam],
  oralSedatives: [],
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
  vitalTypes: ['hr', 'spo2'],
};

describe('preset macro', () => {
  it('[PS1] copies the twenty case values of spec 002 §3, in its order', () => {
    expect(PRESET_COPIED_FIELDS).toHaveLength(20);
    expect(PRESET_COPIED_FIELDS[0]).toBe('sedationLevel');
    expect(PRESET_COPIED_FIELDS.at(-1)).toBe('reasonForSedation');
  });

  it('[PS2] accepts a macro of the spec fields, reading the preset role "both" as the case role "other"', () => {
    const r = validatePresetMacro(sample);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.macro.values.userRole).toBe('other');
      expect(r.macro.localDrugs).toEqual([]);
    }
  });

  it.each([
    [
      { parenDrugs: [{ ...midazolam, name: ' ' }] },
      'MISSING_DRUG_NAME',
      'parenDrugs.0.name: Every drug used must have a name',
    ],
    [{ values: { sedationLevel: 'heavy' } }, 'INVALID_VALUE', 'values.sedationLevel: Invalid value'],
    [{ parenDrugs: [{ ...midazolam, route: 'PO' }] }, 'INVALID_VALUE', 'parenDrugs.0.route: Invalid value'],
    [{ parenDrugs: [{ ...midazolam, dose: -1 }] }, 'NEGATIVE_AMOUNT', 'parenDrugs.0.dose: Must not be negative'],
    [{ surprise: 1 }, 'INVALID_PRESET_MACRO', 'macro: not a preset field: surprise'],
    [{ values: { procedureDate: '2026-01-01' } }, 'INVALID_PRESET_MACRO', 'values: not a preset field: procedureDate'],
  ])('[PS2] refuses %j with a clear message', (macro, code, message) => {
    const r = validatePresetMacro(macro);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ code, message });
  });

  it('[PS3] lists every item and keeps only the chosen ones', () => {
    const macro = presetMacroSchema().parse(sample);
    const keys = presetItems(macro).map((i) => i.key);
    expect(keys).toEqual([
      'values.sedationLevel',
      'values.ivEnabled',
      'values.userRole',
      'values.procedureNotes',
      'preMeds.0',
      'parenDrugs.0',
      'iv',
      'airways.0',
      'vitalTypes',
    ]);
    const picked = pickPresetItems(macro, new Set(['values.sedationLevel', 'parenDrugs.0']));
    expect(picked).toEqual({ ...emptyPresetMacro(), values: { sedationLevel: 'moderate' }, parenDrugs: [midazolam] });
  });

  it('[SL2] names the level a preset sets that the plan does not allow', () => {
    const macro = presetMacroSchema().parse({ values: { sedationLevel: 'ga' } });
    expect(presetDisallowedLevel(macro, 'moderate')).toBe('ga');
    expect(presetDisallowedLevel(macro, 'ga')).toBeNull();
    expect(presetDisallowedLevel(emptyPresetMacro(), 'local')).toBeNull();
  });

  it('[PS4] reads a case into a macro without times, ids or signatures, leaving out what fails the schema', () => {
    const macro = presetMacroFromCase({
      sedationLevel: 'moderate',
      procedureNotes: 'Notes',
      signatures: [{ name: 'Dr A', signature: 'M0', time: 1 }],
      drugsAdministered: [
        {
          id: 'd1',
          name: 'Midazolam',
          drugId: 'midazolam',
          doses: [{ drugId: 'midazolam', route: 'IV', amount: 2, unit: 'mg', time: 5 }],
        },
        { id: 'd2', name: 'Midazolam', drugId: 'midazolam', drawn: { amount: 5, unit: 'mg', time: 4 } },
        { id: 'd3', name: '', drugId: 'x', doses: [{ route: 'PO', amount: 1, unit: 'mg', time: 5 }] },
      ],
      airways: [{ id: 'a1', type: 'nc', preOx: true, inflated: 10, deflated: null, eyeProtection: false }],
      vitalsRecords: [{ selectedVitals: ['hr', 'bogus', 'spo2'] }],
    });
    expect(macro.values).toEqual({ sedationLevel: 'moderate', procedureNotes: 'Notes' });
    expect(macro.parenDrugs).toEqual([midazolam]);
    expect(macro.oralSedatives).toEqual([]);
    expect(macro.airways[0]).toMatchObject({ type: 'nc', inflated: true, deflated: false, preOx: true });
    expect(macro.vitalTypes).toEqual(['hr', 'spo2']);
    expect(JSON.stringify(macro)).not.toContain('Dr A');
  });

  it('[PS5] applies presets in order: a later value wins, entries add up, every entry a valid case entry at the time of applying', () => {
    const first = presetMacroSchema().parse(sample);
    const second = presetMacroSchema().parse({ values: { sedationLevel: 'minimal' }, parenDrugs: [midazolam] });
    let n = 0;
    const w = presetCaseWrites([first, second], 1000, (p) => `${p}-${++n}`);
    expect(w.values.sedationLevel).toBe('minimal');
    expect(w.values.procedureNotes).toBe('Routine extractions');
    // Each midazolam: one dose of 2 mg and one 5 mg drawn.
    expect(w.drugsAdministered).toHaveLength(4);
    expect(w.drugsAdministered[0]!.doses![0]).toMatchObject({ amount: 2, unit: 'mg', route: 'IV', time: 1000 });
    expect(w.drugsAdministered[1]!.drawn).toEqual({ amount: 5, unit: 'mg', time: 1000 });
    expect(w.airways[0]).toMatchObject({ inflated: 1000, deflated: null });
    expect(w.vitalTypes).toEqual(['hr', 'spo2']);
    for (const e of w.drugsAdministered) expect(caseListEntrySchemas.drugsAdministered.parse(e)).toEqual(e);
    for (const e of w.preMeds) expect(caseListEntrySchemas.preMeds.parse(e)).toEqual(e);
    for (const e of w.ivSites) expect(caseListEntrySchemas.ivSites.parse(e)).toEqual(e);
    for (const e of w.airways) expect(caseListEntrySchemas.airways.parse(e)).toEqual(e);
    expect(
      caseDataSchema.safeParse({ ...w.values, drugsAdministered: w.drugsAdministered, airways: w.airways }).success,
    ).toBe(true);
  });

  it('[PS9] tracks the preset’s vital types, never overriding a status the case set', () => {
    expect(presetVitalTracking(undefined, ['hr', 'spo2'])).toEqual({ hr: 'selected', spo2: 'selected' });
    expect(presetVitalTracking({ hr: 'paused' }, ['hr', 'rr'])).toEqual({ hr: 'paused', rr: 'selected' });
    expect(presetVitalTracking({ hr: 'manual' }, ['hr'])).toBeNull();
    expect(presetVitalTracking(null, [])).toBeNull();
  });

  it('[PS6] labels owners as the spec does', () => {
    expect(PRESET_SOURCE_LABELS.user).toBe('you');
    expect(PRESET_SOURCE_LABELS.parentOrg).toBe('admin org');
  });

  it('[PS7] restores the original name in update mode and clears it in new mode', () => {
    expect(presetDialogName('update', { id: 'p1', name: 'Moderate' })).toEqual({ mode: 'update', name: 'Moderate' });
    expect(presetDialogName('new', { id: 'p1', name: 'Moderate' })).toEqual({ mode: 'new', name: '' });
    expect(presetDialogName('update', { id: null, name: 'x' })).toEqual({ mode: 'new', name: '' });
  });
});
