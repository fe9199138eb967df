import { describe, expect, it } from 'vitest';
import type { PresetView } from '@vigil/shared';
import { byOwner, ownerPillText, toggleChosen, unusableText, usablePresets, withSaved } from './model.js';

const view = (over: Partial<PresetView>): PresetView => ({
  id: 'p1',
  name: 'Moderate',
  ownerType: 'user',
  ownerId: 'u1',
  ownerName: 'Dr A',
  macroJSON: '{"values":{"sedationLevel":"ga"}}',
  editable: true,
  updated: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('presets on the client (issue 39)', () => {
  it('[SL3] makes a preset whose level the plan does not allow unusable, with the spec text', () => {
    const [p] = usablePresets([view({})]);
    expect(unusableText(p!, 'moderate')).toBe(
      'This preset cannot be used because it sets sedation level to "ga", which is not allowed by your organization\'s subscription.',
    );
    expect(unusableText(p!, 'ga')).toBeNull();
  });

  it('keeps a preset whose macro this build cannot read listed but unusable', () => {
    const [p] = usablePresets([view({ macroJSON: '{"future":1}' })]);
    expect(p!.macro).toBeNull();
    expect(unusableText(p!, 'ga')).toMatch(/cannot be used/);
  });

  it('[PS6] labels the owner pill, naming another user and a parent organisation', () => {
    expect(ownerPillText(view({}))).toBe('you');
    expect(ownerPillText(view({ ownerType: 'otherUser', ownerName: 'Dr B' }))).toBe('other user: Dr B');
    expect(ownerPillText(view({ ownerType: 'parentOrg', ownerName: 'Group' }))).toBe('admin org: Group');
    expect(ownerPillText(view({ ownerType: 'org' }))).toBe('org');
  });

  it('numbers the chosen presets in the order they were ticked', () => {
    expect(toggleChosen(toggleChosen(['a'], 'b'), 'a')).toEqual(['b']);
    expect(toggleChosen(['b'], 'c')).toEqual(['b', 'c']);
  });

  it('groups presets by owner, the office’s first', () => {
    const groups = byOwner([
      view({ id: '1', ownerName: 'Dr Z' }),
      view({ id: '2', ownerType: 'org', ownerName: 'Office' }),
      view({ id: '3', ownerType: 'otherUser', ownerName: 'Dr B' }),
    ]);
    expect(groups.map((g) => g.owner)).toEqual(['Office (org)', 'Dr B', 'Dr Z']);
  });

  it('puts a saved preset in its place, or adds a new one at the end', () => {
    const a = view({ id: 'a' });
    const b = view({ id: 'b' });
    expect(withSaved([a, b], { ...a, name: 'Renamed' }).map((p) => [p.id, p.name])).toEqual([
      ['a', 'Renamed'],
      ['b', 'Moderate'],
    ]);
    expect(withSaved([a], b).map((p) => p.id)).toEqual(['a', 'b']);
  });
});
