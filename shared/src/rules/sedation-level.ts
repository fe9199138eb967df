import { SEDATION_LEVELS } from '../enums.js';

/** Rank of a level not in the list (spec 002 §5). */
export const UNKNOWN_SEDATION_RANK = 10;

/** [SL1] Rank of a sedation level: local 0 < minimal 1 < moderate 2 < deep 3 < ga 4; unknown 10; case ignored (spec 002 §5). */
export function sedationLevelRank(level: string): number {
  const i = (SEDATION_LEVELS as readonly string[]).indexOf(level.trim().toLowerCase());
  return i < 0 ? UNKNOWN_SEDATION_RANK : i;
}

/**
 * [SL2] Sedation level check (spec 002 §5): allowed if none is set, or if its rank is at or
 * below the maximum's rank.
 */
export function isSedationLevelAllowed(level: string | null | undefined, maxLevel: string): boolean {
  if (level == null || level.trim() === '') return true;
  return sedationLevelRank(level) <= sedationLevelRank(maxLevel);
}

/** [SL3] The text of a preset whose sedation level is not allowed (spec 002 §5). */
export function presetNotAllowedText(level: string): string {
  return `This preset cannot be used because it sets sedation level to "${level}", which is not allowed by your organization's subscription.`;
}

/** Preset save blocking texts, exactly as spec 002 §5. */
export const PRESET_SAVE_TEXTS = {
  editing: 'Finish editing before saving.',
  noName: 'Must specify a preset name.',
  nothingSelected: 'Nothing has been selected to save.',
} as const;

/**
 * [SL4] Preset save blocking (spec 002 §5): while editing, 'Finish editing before saving.';
 * with nothing selected, 'Nothing has been selected to save.'; with content but no name,
 * 'Must specify a preset name.'. Save is also disabled (without a text) while saving.
 */
export function presetSaveBlock(s: { editing: boolean; saving: boolean; name: string; selectedCount: number }): {
  disabled: boolean;
  message: string | null;
} {
  if (s.editing) return { disabled: true, message: PRESET_SAVE_TEXTS.editing };
  if (s.selectedCount <= 0) return { disabled: true, message: PRESET_SAVE_TEXTS.nothingSelected };
  if (s.name.trim() === '') return { disabled: true, message: PRESET_SAVE_TEXTS.noName };
  return { disabled: s.saving, message: null };
}
