import { describe, expect, it } from 'vitest';
import { INHALATION_AGENTS } from '@vigil/shared';
import { currentSettings, readAgentValue } from './Inhalation.js';
import type { DrugEntry } from './model.js';

const agent = (id: string) => INHALATION_AGENTS.find((a) => a.id === id)!;

describe('inhalation agent values (spec 002 §9, DR10)', () => {
  it.each([
    ['nitrous', '25', 25, null],
    ['nitrous', '25.5', null, 'max is 25'],
    ['nitrous', '3.5', 3.5, null],
    ['nitrous', '3.2', null, 'step is 0.5'],
    ['sevoflurane', '8', 8, null],
    ['sevoflurane', '8.1', null, 'max is 8'],
    ['desflurane', '19', null, 'max is 18'],
    ['isoflurane', '5.5', null, 'max is 5'],
    ['oxygen', '6', 6, null],
    ['oxygen', 'abc', null, 'invalid value'],
  ])('%s %s → %j %j', (id, text, value, error) => {
    expect(readAgentValue(agent(id), text)).toEqual({ value, error });
  });

  it('shows the newest setting of each agent', () => {
    const set = (id: string, amount: number, time: number): DrugEntry => ({
      id: `${id}${time}`,
      name: id,
      drugId: id,
      doses: [
        {
          drugId: id,
          route: 'inhalation',
          amount,
          amount_raw: '',
          unit: 'L/min',
          time,
          isPreProcedure: false,
          isComplete: true,
          perKg: null,
        },
      ],
    });
    const s = currentSettings([set('nitrous', 4, 2), set('nitrous', 3, 1), set('oxygen', 2, 1)]);
    expect(s.get('nitrous')).toEqual({ amount: 4, time: 2 });
    expect(s.get('oxygen')).toEqual({ amount: 2, time: 1 });
  });
});
