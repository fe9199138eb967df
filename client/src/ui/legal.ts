import { PRIVACY_UPDATED_DISPLAY_MS } from '@vigil/shared';

/**
 * Legal and help links. The spec says they are configured but does not give them
 * (spec 000 §9); see docs/decisions.md.
 */
export const LEGAL_LINKS = {
  /** The versioned documents of spec 000 §7, shown by the app itself (features/legal). */
  terms: '/legal/terms',
  privacy: '/legal/privacy',
  trust: 'https://vigil.health/trust',
} as const;

export const HELP_LINKS = {
  clock: 'https://vigil.health/help/device-clock',
} as const;

/** When the privacy policy last changed (ISO date). */
export const PRIVACY_UPDATED_ON = '2026-11-01';

/** The footer shows the privacy-updated date for two weeks after the update (spec 000 §1, §9). */
export function showPrivacyUpdated(now: Date, updatedOn: string = PRIVACY_UPDATED_ON): boolean {
  const updated = new Date(`${updatedOn}T00:00:00`);
  const age = now.getTime() - updated.getTime();
  return age >= 0 && age < PRIVACY_UPDATED_DISPLAY_MS;
}
