import { useCachedQuery, type SettingsStore } from '../../data/settingsCache.js';
import * as api from './api.js';

/** The cache's name for an organisation's presets (kept on the device with the other settings). */
export const PRESETS_SETTING = 'presets';

export interface PresetsState {
  presets: api.PresetView[] | null;
  error: string | null;
  loading: boolean;
  /** Whether the list is this device's copy (offline). */
  fromCache: boolean;
  set: (presets: api.PresetView[]) => void;
  reload: () => void;
}

/**
 * The presets an office may use (issue 39), kept on the device (data/settingsCache.ts, name
 * 'presets') with the forms and policies: a tablet that opened a case online once applies them
 * offline.
 */
export function usePresets(orgId: string, { store }: { store?: SettingsStore } = {}): PresetsState {
  const query = useCachedQuery(orgId, PRESETS_SETTING, api.fetchPresets, store ? { store } : {});
  return {
    presets: query.data,
    error: query.fromCache ? null : query.error,
    loading: query.loading,
    fromCache: query.fromCache,
    set: query.set,
    reload: query.reload,
  };
}
