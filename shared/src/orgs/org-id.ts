/**
 * Organisation ID rules (spec 000 §5): what the create-org form keeps of what is typed, what it
 * suggests from the organisation's name, and which IDs the server accepts.
 */

/** Longest organisation ID accepted (decision: IDs are URL segments; the spec gives no maximum). */
export const MAX_ORG_ID_LENGTH = 64;

/** The internal organisation (spec 000 §3 type `vigil`); it exists from the first migration. */
export const VIGIL_ORG_ID = 'vigil';

/** Words left out of a suggested ID (spec 000 §5). */
export const ORG_ID_DROPPED_WORDS: readonly string[] = ['inc', 'and', 'pc', 'llc', 'pa', 'pllc'];
/** Degrees kept whole in a suggested ID rather than reduced to an initial (spec 000 §5). */
export const ORG_ID_KEPT_WORDS: readonly string[] = ['dds', 'dmd', 'md'];

/** Lowercases and keeps only a-z, 0-9, hyphen and underscore (spec 000 §5). */
export function normalizeOrgId(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/**
 * Suggests an ID from the organisation's name (spec 000 §5): drop inc, and, pc, llc, pa, pllc;
 * keep dds, dmd, md whole; other words become their initials; the parts are joined by hyphens.
 * Empty when the name is 1 character or less. Periods and apostrophes join a word's letters
 * ("D.D.S." is dds, "O'Neil" is oneil); accents are dropped.
 */
export function suggestOrgId(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 1) return '';
  const words = trimmed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !ORG_ID_DROPPED_WORDS.includes(word));
  const parts = words.map((word) => (ORG_ID_KEPT_WORDS.includes(word) ? word : word[0]!));
  return normalizeOrgId(parts.join('-')).slice(0, MAX_ORG_ID_LENGTH);
}

/**
 * True when an ID can name an organisation: already normalised (spec 000 §5), 1 to 64
 * characters, starting with a letter or a digit (decision: a leading hyphen or underscore
 * reads as a typo in a URL).
 */
export function isValidOrgId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_ORG_ID_LENGTH && normalizeOrgId(id) === id && /^[a-z0-9]/.test(id);
}

/** What `orgIdAvailability` answers (spec 000 §4 org creation, §7). */
export type OrgIdAvailability = 'available' | 'unavailable' | 'invalid';

/** The create-org form's availability messages (spec 000 §5), exact texts. */
export const ORG_ID_TEXTS = {
  checking: 'Checking availability',
  available: (id: string): string => `"${id}" is available.`,
  invalid: 'Invalid organization ID',
  unavailable: (id: string): string => `Organization ID "${id}" is already taken. Please try something else.`,
} as const;

/** The message shown for an availability state (spec 000 §5). */
export function orgIdAvailabilityText(state: OrgIdAvailability | 'checking', id: string): string {
  switch (state) {
    case 'checking':
      return ORG_ID_TEXTS.checking;
    case 'available':
      return ORG_ID_TEXTS.available(id);
    case 'invalid':
      return ORG_ID_TEXTS.invalid;
    case 'unavailable':
      return ORG_ID_TEXTS.unavailable(id);
  }
}
