import { describe, expect, it } from 'vitest';
import { checkDoseAgainstMaximum, drugMaximumIssues } from '../rules/drugs.js';
import { presetItems, validatePresetMacro } from '../presets/index.js';
import {
  effectiveOfficeDrugs,
  officeOrderedItems,
  officeFirst,
  officeMaximumRows,
  validateOfficeDrugs,
  type OfficeDrug,
} from './office-drugs.js';

const own = (o: Partial<OfficeDrug> = {}): OfficeDrug => ({
  id: '',
  category: 'parenteral',
  name: 'Remimazolam',
  custom: true,
  unit: 'mg',
  routes: ['IV'],
  commonDoses: [2.5, 5],
  maximum: null,
  ...o,
});
const listed = (category: OfficeDrug['category'], id: string, o: Partial<OfficeDrug> = {}): OfficeDrug => ({
  id,
  category,
  name: '',
  custom: false,
  unit: null,
  routes: [],
  commonDoses: [],
  maximum: null,
  ...o,
});

describe('[OD1] the office’s drug list as kept', () => {
  it('names catalogue entries by their catalogue and gives an own drug the drugs form’s id of its name', () => {
    const r = validateOfficeDrugs([listed('oral', 'triazolam', { name: 'Tampered' }), own({ name: '  Remimazolam ' })]);
    expect(r.ok && r.drugs.map((d) => [d.id, d.name])).toEqual([
      ['triazolam', 'Triazolam'],
      ['custom-remimazolam', 'Remimazolam'],
    ]);
  });

  it('refuses an own drug without a name with MISSING_DRUG_NAME and the spec’s text', () => {
    const r = validateOfficeDrugs([own({ name: '   ' })]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues).toEqual([
      {
        severity: 'error',
        code: 'MISSING_DRUG_NAME',
        path: ['drugs', 0, 'name'],
        message: 'Every drug used must have a name',
      },
    ]);
  });

  it.each([
    ['an unknown catalogue drug', [listed('local', 'lidocaine-epi300')], 'UNKNOWN_DRUG'],
    [
      'a maximum on a catalogue drug',
      [listed('parenteral', 'midazolam', { maximum: { unit: 'mg', perKg: 1, absolute: 50, source: 'x' } })],
      'INVALID_INPUT',
    ],
    ['an own drug named as a catalogue drug', [own({ name: 'Midazolam' })], 'INVALID_INPUT'],
    ['an own drug without a route', [own({ routes: [] })], 'INVALID_INPUT'],
    ['an own inhalation agent', [own({ category: 'inhalation' })], 'INVALID_INPUT'],
    [
      'a maximum without a source',
      [own({ maximum: { unit: 'mg', perKg: null, absolute: 20, source: ' ' } })],
      'INVALID_INPUT',
    ],
    [
      'a maximum without a figure',
      [own({ maximum: { unit: 'mg', perKg: null, absolute: null, source: 'Label' } })],
      'INVALID_INPUT',
    ],
    ['a drug listed twice', [own(), own({ name: 'remimazolam' })], 'INVALID_INPUT'],
  ])('refuses %s', (_what, list, code) => {
    const r = validateOfficeDrugs(list);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => i.code)).toContain(code);
  });
});

describe('[OD2] [OD3] the office’s drugs first', () => {
  it('puts the office’s own list first, then the parents’ drugs it does not list', () => {
    const drugs = effectiveOfficeDrugs({
      drugs: [listed('oral', 'triazolam')],
      inherited: [listed('oral', 'triazolam'), listed('oral', 'diazepam')],
    });
    expect(drugs.map((d) => d.id)).toEqual(['triazolam', 'diazepam']);
  });

  it('orders a picker with the office’s drugs first, then the rest of the catalogue in its order', () => {
    const catalogue = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const office = [listed('oral', 'c'), own({ id: 'custom-x', category: 'oral' }), listed('parenteral', 'b')];
    const picked = officeFirst(catalogue, office, 'oral', (d, known) => known ?? { id: d.id });
    expect(picked.map((p) => p.id)).toEqual(['c', 'custom-x', 'a', 'b']);
    // Of several lists, list by list in the order asked: the parenteral drugs, then the oral ones.
    const both = officeFirst(catalogue, office, ['parenteral', 'oral'], (d, known) => known ?? { id: d.id });
    expect(both.map((p) => p.id)).toEqual(['b', 'c', 'custom-x', 'a']);
  });
});

describe('[OD4] an office’s own drug’s maximum', () => {
  const remi = (maximum: OfficeDrug['maximum']): OfficeDrug =>
    own({ id: 'custom-remimazolam', routes: ['IV'], maximum });
  const dose = (amount: number, drugId = 'custom-remimazolam') => ({
    drugId,
    drugName: 'Remimazolam',
    dose: { amount, unit: 'mg', route: 'IV' },
    given: [],
    weightKg: 70,
    ageYears: 40,
  });

  it('has none until one with a source is entered', () => {
    const rows = officeMaximumRows([remi(null)]);
    expect(rows).toEqual([]);
    expect(checkDoseAgainstMaximum({ ...dose(50), officeRows: rows })).toMatchObject({ maximum: null, exceeds: false });
    // No maximum on file for an office's drug is not a DRUG_NO_MAXIMUM warning (nothing to compare with).
    expect(
      drugMaximumIssues([{ name: 'Remimazolam', drugId: 'custom-remimazolam', doses: [dose(50).dose] }], 70, 40),
    ).toEqual([]);
  });

  it('is then used by the dose check: 0.3 mg/kg × 70 kg = 21 mg, under the absolute 30 mg; 25 mg is 119 %', () => {
    const rows = officeMaximumRows([remi({ unit: 'mg', perKg: 0.3, absolute: 30, source: 'Byfavo label' })]);
    const c = checkDoseAgainstMaximum({ ...dose(25), officeRows: rows });
    expect(c.maximum).toMatchObject({ maxDose: { amount: 21, unit: 'mg' }, source: 'Office maximum: Byfavo label' });
    expect(c.exceeds).toBe(true);
    expect(checkDoseAgainstMaximum({ ...dose(20), officeRows: rows }).exceeds).toBe(false);
  });

  it('never replaces a catalogue drug’s maximum (midazolam IV, 40 years: 5 mg)', () => {
    const rows = officeMaximumRows([remi({ unit: 'mg', perKg: null, absolute: 50, source: 'Office' })]).map((r) => ({
      ...r,
      drugId: 'midazolam',
    }));
    const c = checkDoseAgainstMaximum({ ...dose(6, 'midazolam'), officeRows: rows });
    expect(c.maximum?.maxDose).toEqual({ amount: 5, unit: 'mg' });
    expect(c.exceeds).toBe(true);
  });
});

describe('[OD3] the preset editor’s items, the office’s drugs first', () => {
  it('puts the office’s drugs first within each drug group and leaves the rest in order', () => {
    const macro = validatePresetMacro({
      values: { sedationLevel: 'moderate' },
      parenDrugs: [
        { drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: null },
        { drugId: 'fentanyl', name: 'Fentanyl', route: 'IV', unit: 'mcg', dose: 50, draw: null },
      ],
    });
    if (!macro.ok) throw new Error('macro');
    const items = presetItems(macro.macro);
    const ordered = officeOrderedItems(items, macro.macro, [listed('parenteral', 'fentanyl')]);
    expect(ordered.map((i) => i.key)).toEqual(['values.sedationLevel', 'parenDrugs.1', 'parenDrugs.0']);
    expect(officeOrderedItems(items, macro.macro, []).map((i) => i.key)).toEqual(items.map((i) => i.key));
  });
});
