import { describe, expect, it } from 'vitest';
import { ownAndInherited } from './inherited.js';

describe('the one own-plus-inherited read (forms, policies, presets)', () => {
  const items: Record<string, string[]> = { office: ['o1'], group: ['g1', 'g2'], region: ['r1'] };
  const read = (ids: readonly string[]): Promise<string[]> => Promise.resolve(ids.flatMap((id) => items[id] ?? []));

  it('answers the organisation’s own items, then its parents’, nearest first', async () => {
    const orgs = { parentsOf: (id: string) => Promise.resolve(id === 'office' ? ['group', 'region'] : []) };
    expect(await ownAndInherited(orgs, 'office', read)).toEqual({ own: ['o1'], inherited: ['g1', 'g2', 'r1'] });
  });

  it('reads nothing inherited for an organisation without parents', async () => {
    const asked: string[][] = [];
    const orgs = { parentsOf: () => Promise.resolve([]) };
    const got = await ownAndInherited(orgs, 'group', (ids) => (asked.push([...ids]), read(ids)));
    expect(got).toEqual({ own: ['g1', 'g2'], inherited: [] });
    expect(asked).toEqual([['group']]);
  });
});
