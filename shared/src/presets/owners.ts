/**
 * Who a preset belongs to (spec 002 §3 "ownerType (user, otherUser, org, demo, parentOrg)", §6).
 * A stored preset is a user's or the organisation's (demo presets are the demo office's own); the
 * owner type a caller sees is relative to them: their own is `user`, another member's `otherUser`,
 * the office's `org` (or `demo`), a parent organisation's `parentOrg`.
 */
export const PRESET_OWNER_TYPES = ['user', 'otherUser', 'org', 'demo', 'parentOrg'] as const;
export type PresetOwnerType = (typeof PRESET_OWNER_TYPES)[number];

/** The owner types a preset may be saved with (a parent's and the demo's are made where they belong). */
export const PRESET_SAVE_OWNER_TYPES = ['user', 'otherUser', 'org'] as const;
export type PresetSaveOwnerType = (typeof PRESET_SAVE_OWNER_TYPES)[number];

/** [PS6] The source labels of the owner pill (spec 002 §3 "user (you), otherUser, org, parentOrg (admin org), demo"). */
export const PRESET_SOURCE_LABELS: Readonly<Record<PresetOwnerType, string>> = {
  user: 'you',
  otherUser: 'other user',
  org: 'org',
  parentOrg: 'admin org',
  demo: 'demo',
};

/** [PS6] The tip shown to someone who cannot edit a preset (spec 002 §6): they may still use it and choose its portions. */
export const PRESET_NOT_YOURS_TIP =
  'This preset is owned by another owner: you cannot change it, but you can still use it and choose which portions to apply.';

/** The preset dialog's own texts (spec 002 §2, §4). */
export const PRESET_DIALOG_TEXTS = {
  saveTitle: 'Save as preset',
  updateTitle: 'Update preset',
  saving: 'Saving...',
  saved: 'Preset saved',
  done: 'Done',
  selectAll: 'Select All',
  deselectAll: 'Deselect All',
} as const;

/**
 * [PS7] The preset dialog's mode (spec 002 §4): update when an id exists, else new. Switching to
 * update restores the original name; switching to new clears it.
 */
export function presetDialogName(
  mode: 'new' | 'update',
  original: { id: string | null; name: string },
): { mode: 'new' | 'update'; name: string } {
  if (mode === 'update' && original.id != null) return { mode, name: original.name };
  return { mode: 'new', name: '' };
}
