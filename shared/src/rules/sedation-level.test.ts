import { describe, expect, it } from 'vitest';
import {
  PRESET_SAVE_TEXTS,
  UNKNOWN_SEDATION_RANK,
  isSedationLevelAllowed,
  presetNotAllowedText,
  presetSaveBlock,
  sedationLevelRank,
} from './sedation-level.js';

describe('sedation level check', () => {
  it.each([
    ['local', 0],
    ['minimal', 1],
    ['Moderate', 2],
    ['deep', 3],
    ['GA', 4],
    ['heavy', 10],
  ])('[SL1] %s ranks %s', (level, rank) => {
    expect(sedationLevelRank(level)).toBe(rank);
    expect(UNKNOWN_SEDATION_RANK).toBe(10);
  });

  it.each([
    [null, 'local', true], // none set
    [undefined, 'minimal', true],
    ['', 'minimal', true],
    ['local', 'minimal', true],
    ['minimal', 'minimal', true], // at the maximum
    ['moderate', 'minimal', false],
    ['ga', 'deep', false],
    ['deep', 'ga', true],
    ['unknown', 'ga', false], // 10 > 4
    ['unknown', 'other-unknown', true], // 10 ≤ 10
    ['Moderate', 'moderate', true],
  ])('[SL2] %j under max %s is allowed: %s', (level, max, allowed) => {
    expect(isSedationLevelAllowed(level, max)).toBe(allowed);
  });

  it('[SL3] words the not-allowed preset text exactly', () => {
    expect(presetNotAllowedText('deep')).toBe(
      'This preset cannot be used because it sets sedation level to "deep", which is not allowed by your organization\'s subscription.',
    );
  });

  it.each([
    [{ editing: true, saving: false, name: 'x', selectedCount: 1 }, true, 'Finish editing before saving.'],
    [{ editing: false, saving: false, name: 'x', selectedCount: 0 }, true, 'Nothing has been selected to save.'],
    [{ editing: false, saving: false, name: '  ', selectedCount: 2 }, true, 'Must specify a preset name.'],
    [{ editing: false, saving: true, name: 'x', selectedCount: 2 }, true, null],
    [{ editing: false, saving: false, name: 'x', selectedCount: 2 }, false, null],
  ])('[SL4] %j disabled %s with %j', (state, disabled, message) => {
    expect(presetSaveBlock(state)).toEqual({ disabled, message });
    expect(Object.values(PRESET_SAVE_TEXTS)).toHaveLength(3);
  });
});
