import { REPORT_DEFAULTS } from '../constants/widgets.js';

/** Printable report rules (spec 002 §5, §9). */

/** The name used when a title cleans to nothing (spec 002 §5). */
export const DEFAULT_REPORT_TITLE = 'untitled';

/**
 * [RP1] Report file/title cleaning (spec 002 §5): characters illegal in file names
 * (/ \ ? % * : | " < > and control characters) are replaced by '-', non-ASCII characters
 * removed, the result trimmed and cut to 100 characters; empty gives 'untitled'. The title must
 * be a string: the type says so, and a caller holding unchecked input checks it first.
 */
export function cleanReportTitle(title: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\?%*:|"<>\u0000-\u001f\u007f]/g, '-')
    .replace(/[^\u0020-\u007e]/g, '')
    .trim()
    .slice(0, REPORT_DEFAULTS.titleMaxLength)
    .trim();
  return cleaned === '' ? DEFAULT_REPORT_TITLE : cleaned;
}

/**
 * [RP2] Missing-items message (spec 002 §9): lists the items when there are 2 or fewer
 * ("a and b"), else gives a count ("3 items"); null when nothing is missing.
 */
export function missingItemsMessage(items: readonly string[]): string | null {
  if (items.length === 0) return null;
  if (items.length <= REPORT_DEFAULTS.missingItemsListedUpTo) return items.join(' and ');
  return `${items.length} items`;
}
