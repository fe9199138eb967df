/**
 * Phone display formats for SMS MFA (spec 000 §5): +1, +44 and +61 numbers, a 10-digit number
 * treated as +1. Country validation (CAN, USA, GBR, AUS) happens on the server with
 * libphonenumber; this is display only.
 */
export function toE164Guess(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** Formats an E.164 number for display; other country codes are shown as given. */
export function formatPhoneForDisplay(e164: string): string {
  const n = toE164Guess(e164);
  let m: RegExpMatchArray | null;
  if ((m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(n))) return `+1 (${m[1]}) ${m[2]}-${m[3]}`;
  if ((m = /^\+44(\d{4})(\d{6})$/.exec(n))) return `+44 ${m[1]} ${m[2]}`;
  if ((m = /^\+61(\d)(\d{4})(\d{4})$/.exec(n))) return `+61 ${m[1]} ${m[2]} ${m[3]}`;
  return n;
}
