/** Time units in milliseconds, so that constants read like the spec. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const YEAR_DAYS = 365;
