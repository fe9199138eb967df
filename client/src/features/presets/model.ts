import {
  PRESET_SOURCE_LABELS,
  presetDisallowedLevel,
  presetNotAllowedText,
  validatePresetMacro,
  type PresetMacro,
  type PresetView,
} from '@vigil/shared';

/** A preset as the screens use it: its view, its macro parsed (null when this build cannot read it). */
export interface UsablePreset {
  view: PresetView;
  macro: PresetMacro | null;
}

/** JSON text read, or null when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Parses each preset's macro with the one macro schema; one this build cannot read stays listed, not usable. */
export function usablePresets(views: readonly PresetView[]): UsablePreset[] {
  return views.map((view) => {
    const raw = parseJson(view.macroJSON);
    const parsed = validatePresetMacro(raw);
    return { view, macro: parsed.ok ? parsed.macro : null };
  });
}

/** The owner pill's text (spec 002 §3 source labels); another user's and a parent's show whose. */
export function ownerPillText(view: PresetView): string {
  const label = PRESET_SOURCE_LABELS[view.ownerType];
  if ((view.ownerType === 'otherUser' || view.ownerType === 'parentOrg') && view.ownerName) {
    return `${label}: ${view.ownerName}`;
  }
  return label;
}

/** Why a preset cannot be selected (spec 002 §5 text for a disallowed sedation level), or null. */
export function unusableText(p: UsablePreset, maxSedationLevel: string): string | null {
  if (!p.macro) return 'This preset was saved by a newer version and cannot be used here.';
  const level = presetDisallowedLevel(p.macro, maxSedationLevel);
  return level === null ? null : presetNotAllowedText(level);
}

/** Toggles a preset in the chosen order: added at the end, or removed (the others move up). */
export function toggleChosen(chosen: readonly string[], id: string): string[] {
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}

/** Presets grouped by owner (the provider-case-presets screen), owners by name, the office's first. */
export function byOwner(presets: readonly PresetView[]): { owner: string; presets: PresetView[] }[] {
  const groups = new Map<string, PresetView[]>();
  for (const p of presets) {
    const key =
      p.ownerType === 'user' || p.ownerType === 'otherUser'
        ? p.ownerName || p.ownerId
        : `${p.ownerName} (${PRESET_SOURCE_LABELS[p.ownerType]})`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const office = (k: string): boolean => k.endsWith(')');
  return [...groups.entries()]
    .sort(([a], [b]) => (office(a) === office(b) ? a.localeCompare(b) : office(a) ? -1 : 1))
    .map(([owner, list]) => ({ owner, presets: list }));
}

/** The list with a saved preset in it: in its place when it was listed, else added at the end. */
export function withSaved(list: readonly PresetView[], saved: PresetView): PresetView[] {
  return list.some((p) => p.id === saved.id) ? list.map((p) => (p.id === saved.id ? saved : p)) : [...list, saved];
}
