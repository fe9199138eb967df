// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PatientSex } from '@vigil/shared';
import { LocalAnestheticTracker } from './LocalAnestheticTracker.js';
import { changeCase, readField, setField, type CaseChange, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';

afterEach(cleanup);

function renderTracker(weightKg = 20, ageYears = 5): CaseDoc {
  const doc = newCaseDoc();
  render(
    <MantineProvider>
      <LocalAnestheticTracker doc={doc} weightKg={weightKg} ageYears={ageYears} />
    </MantineProvider>,
  );
  return doc;
}
const dosesIn = (doc: CaseDoc): unknown[] => readField(doc, 'localDoses') as unknown[];

const radio = (group: string, name: string): HTMLInputElement =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('local anesthetic tracker choices (spec 002 §5)', () => {
  it('offers the limit set and the unit as named radio groups, pediatric limits and cartridges first', () => {
    renderTracker();
    expect(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)').checked).toBe(true);
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(false);
    expect(radio('Unit', 'Cartridges').checked).toBe(true);
    fireEvent.click(radio('Maximum dose limits', 'Manufacturer'));
    fireEvent.click(radio('Unit', 'mL'));
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(true);
    expect(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)').checked).toBe(false);
    expect(radio('Unit', 'mL').checked).toBe(true);
  });

  it('charts Exparel in mg only: the other units cannot be chosen', () => {
    renderTracker();
    const exparel = screen.getAllByRole('radio').find((r) => /Exparel/.test(r.textContent ?? ''));
    expect(exparel).toBeDefined();
    fireEvent.click(exparel!);
    expect(radio('Unit', 'mg').checked).toBe(true);
    expect(radio('Unit', 'Cartridges').disabled).toBe(true);
  });
});

describe('local anesthetic checks before the dose (issue 25)', () => {
  const variant = (label: RegExp): HTMLElement =>
    within(screen.getByRole('radiogroup', { name: 'Local anesthetic' }))
      .getAllByRole('radio')
      .find((r) => label.test(r.textContent ?? ''))!;
  const overMaximumOpen = (): boolean => screen.queryByTestId('la-over-maximum') != null;

  it('shows the articaine age warning as soon as articaine is picked, before any dose (spec 002 §5)', () => {
    const doc = renderTracker(15, 4);
    expect(screen.queryByText('Manufacturer recommends not using on patients 4 and under.')).toBeNull();
    fireEvent.click(variant(/Articaine 4% 1:100,000/));
    expect(screen.getByText('Manufacturer recommends not using on patients 4 and under.')).toBeTruthy();
    expect(dosesIn(doc)).toEqual([]);
  });

  it('asks before the cartridge that crosses 100 %, and Cancel charts nothing and keeps the amount', () => {
    // 15 kg, AAPD lidocaine: min(300, 4.4 × 15 = 66) = 66 mg; a cartridge of 2 % is 36 mg
    const doc = renderTracker(15, 4);
    const give = screen.getByRole('button', { name: 'Give dose' });
    fireEvent.click(give);
    expect(dosesIn(doc)).toHaveLength(1); // 36 / 66 = 54.6 %: no question
    expect(overMaximumOpen()).toBe(false);
    expect(screen.getByTestId('la-preview').textContent).toContain('after this dose Lidocaine is at 109.1% of max');
    fireEvent.click(give);
    expect(dosesIn(doc)).toHaveLength(1);
    expect(overMaximumOpen()).toBe(true);
    const text = screen.getByTestId('la-over-maximum').textContent ?? '';
    expect(text).toContain('Lidocaine 2% 1:100,000: 1 cartridge (36 mg)');
    expect(text).toContain('Total after this dose: 72 mg Lidocaine');
    expect(text).toContain('Maximum: 66 mg Lidocaine for 15 kg');
    expect(text).toContain('109.1% of the maximum dose');
    fireEvent.click(within(screen.getByTestId('la-over-maximum')).getByRole('button', { name: 'Cancel' }));
    expect(overMaximumOpen()).toBe(false);
    expect(dosesIn(doc)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1');
    fireEvent.click(give);
    fireEvent.click(screen.getByRole('button', { name: 'Give anyway' }));
    expect(dosesIn(doc)).toHaveLength(2);
  });
});

function renderAdult(
  props: { weightKg: number; heightCm: number | null; sex: PatientSex | null; ageYears?: number },
  seed?: (root: CaseChange) => void,
): CaseDoc {
  const doc = newCaseDoc();
  if (seed) changeCase(doc, seed);
  render(
    <MantineProvider>
      <LocalAnestheticTracker
        doc={doc}
        weightKg={props.weightKg}
        ageYears={props.ageYears ?? 40}
        heightCm={props.heightCm}
        sex={props.sex}
      />
    </MantineProvider>,
  );
  return doc;
}

describe('stricter dose limits in the tracker (issue 29)', () => {
  const text = (id: string): string => screen.getByTestId(id).textContent ?? '';
  const heart = (): HTMLInputElement => screen.getByRole('switch', { name: /Cardiovascular disease/ });

  it('[EP5] shows that epinephrine binds for a healthy adult of 70 kg: 11.1 cartridges, 13.6 by lidocaine', () => {
    // 70 kg, 180 cm man: IBW 50 + 2.3 × (70.87 − 60) = 74.99 → 74.9 kg, above 70 kg: actual weight.
    renderAdult({ weightKg: 70, heightCm: 180, sex: 'male' });
    fireEvent.click(radio('Maximum dose limits', 'Manufacturer'));
    // lidocaine 7 × 70 = 490 mg = 13.6 cartridges; epinephrine 0.2 / 0.018 = 11.1 cartridges (400 mg)
    expect(text('la-remaining')).toBe('Up to 400 mg (11.1 cartridges) more of Lidocaine 2% 1:100,000 for 70 kg');
    expect(text('la-limited-by')).toBe(
      'Limited by epinephrine: 0.2 mg a visit for a healthy patient (0 mg given). Lidocaine alone would allow 13.6 cartridges.',
    );
    expect(text('la-dose-weight')).toBe('Dosing on actual weight 70 kg (ideal body weight 74.9 kg, Devine, male).');
    expect(text('la-epinephrine')).toBe('Epinephrine 0 of 0.2 mg (0%)');
  });

  it('[IBW2] doses an adult on the ideal body weight, and says so beside the actual weight', () => {
    // 160 cm woman, 90 kg: IBW 45.5 + 2.3 × 2.99 = 52.3 kg. AAPD lidocaine 4.4 × 52.3 = 230.12 → 230.1 mg.
    renderAdult({ weightKg: 90, heightCm: 160, sex: 'female' });
    // An adult's default set is the manufacturer's (LA19); the provider picks AAPD for this case.
    fireEvent.click(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)'));
    expect(text('la-dose-weight')).toBe('Dosing on ideal body weight 52.3 kg (Devine, female); actual weight 90 kg.');
    expect(text('la-remaining')).toBe(
      'Up to 230.1 mg (6.3 cartridges) more of Lidocaine 2% 1:100,000 for 52.3 kg ideal body weight',
    );
    expect(text('la-limited-by')).toContain(
      'Limited by the pediatric dentistry (AAPD) maximum: 4.4 mg/kg × 52.3 kg ideal body weight = 230.1 mg Lidocaine.',
    );
  });

  it('[IBW2] keeps a child on the actual weight and shows no ideal weight', () => {
    renderAdult({ weightKg: 60, heightCm: 150, sex: 'female', ageYears: 15 });
    expect(screen.queryByTestId('la-dose-weight')).toBeNull();
    expect(text('la-remaining')).toContain('for 60 kg');
  });

  it('[LA17] names the manufacturer’s label where it limits bupivacaine (2 mg/kg, not the spec’s 7)', () => {
    // 30 kg adult, no height: actual weight. 2 × 30 = 60 mg < 90 mg.
    renderAdult({ weightKg: 30, heightCm: null, sex: null });
    fireEvent.click(radio('Maximum dose limits', 'Manufacturer'));
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Local anesthetic' }))
        .getAllByRole('radio')
        .find((r) => /Bupivacaine/.test(r.textContent ?? ''))!,
    );
    expect(text('la-remaining')).toBe('Up to 60 mg (6.6 cartridges) more of Bupivacaine 0.5% 1:200,000 for 30 kg');
    expect(text('la-limited-by')).toMatch(
      /^Limited by the manufacturer's label: 2 mg\/kg × 30 kg = 60 mg Bupivacaine\. Epinephrine would allow /,
    );
  });

  it('[EP2] takes cardiovascular disease from the health history, and the switch overrules it on the case', () => {
    const doc = renderAdult({ weightKg: 70, heightCm: null, sex: 'male' }, (root) =>
      root.set('systemsReview', {
        cardiac: {
          hasEntries: true,
          entries: [{ id: 'h', condition: 'hypertension', answers: {}, editing: false }],
        },
      }),
    );
    expect(heart().checked).toBe(true);
    expect(screen.getByText('From the health history: Hypertension.')).toBeTruthy();
    expect(text('la-epinephrine')).toBe('Epinephrine 0 of 0.04 mg (0%)');
    fireEvent.click(heart());
    expect(readField(doc, 'cardiacDisease')).toBe(false);
    expect(heart().checked).toBe(false);
    expect(screen.getByText('Set on this case; the health history lists Hypertension.')).toBeTruthy();
    expect(text('la-epinephrine')).toBe('Epinephrine 0 of 0.2 mg (0%)');
  });

  it('[EP4] asks before a dose that takes epinephrine past the cardiac limit, and says why', () => {
    const doc = renderAdult({ weightKg: 70, heightCm: null, sex: 'male' }, (root) => root.set('cardiacDisease', true));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '3' } });
    // 3 cartridges = 5.4 mL × 0.01 = 0.054 mg > 0.04 mg
    expect(text('la-preview')).toContain('epinephrine past its limit (0.054 of 0.04 mg this visit)');
    fireEvent.click(screen.getByRole('button', { name: 'Give dose' }));
    expect(dosesIn(doc)).toHaveLength(0);
    expect(text('la-over-maximum')).toContain(
      'Epinephrine after this dose: 0.054 mg, past the 0.04 mg limit of a visit with cardiovascular disease',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Give anyway' }));
    expect(dosesIn(doc)).toHaveLength(1);
    expect(screen.getByText(/^Epinephrine is at 0.054 mg, past the 0.04 mg limit/)).toBeTruthy();
  });
});

describe('one limit set for the tracker and the sign-off gate (issue 29, LA19)', () => {
  const limitsOf = (doc: CaseDoc): unknown => readField(doc, 'localAnestheticLimits');
  const note = (): string | null => screen.queryByTestId('la-signoff-limits')?.textContent ?? null;

  it('shows an adult the manufacturer’s limits by default, and keeps an AAPD choice in the case with no note', () => {
    const doc = renderAdult({ weightKg: 70, heightCm: null, sex: 'male' });
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(true);
    expect(limitsOf(doc)).toBeUndefined();
    fireEvent.click(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)'));
    // Kept in the case document, where the sign-off gate reads it (it checks AAPD as well now).
    expect(limitsOf(doc)).toBe('aapd');
    expect(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)').checked).toBe(true);
    expect(note()).toBeNull();
  });

  it('notes for a child on the manufacturer’s limits that sign-off checks the stricter AAPD set', () => {
    const doc = renderTracker(20, 5);
    expect(note()).toBeNull();
    fireEvent.click(radio('Maximum dose limits', 'Manufacturer'));
    expect(limitsOf(doc)).toBe('manufacturer');
    expect(note()).toBe(
      'Sign-off also checks these doses against the pediatric dentistry (AAPD) limits, the stricter set for a patient under 18.',
    );
  });

  it('reads the set another device chose for the case, and notes it for a patient of unknown age', () => {
    const doc = newCaseDoc();
    setField(doc, 'localAnestheticLimits', 'manufacturer');
    render(
      <MantineProvider>
        <LocalAnestheticTracker doc={doc} weightKg={70} ageYears={null} />
      </MantineProvider>,
    );
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(true);
    expect(note()).toContain('the stricter set for a patient whose age is not known');
  });
});
