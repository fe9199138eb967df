/** GS1 barcode parsing (spec 002 §3, §5). */

export interface Gs1Result {
  gtin: string;
  expirationDate?: string;
  lotNumber?: string;
  serialNumber?: string;
}

const GROUP_SEPARATOR = '\u001d';
/** Fixed-length application identifiers and their data lengths (GS1 General Specifications). */
const FIXED_LENGTH: Readonly<Record<string, number>> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};
/** Variable-length AIs read until a group separator or the end. */
const VARIABLE = ['10', '21', '22', '30', '37', '90', '91', '92', '93', '94', '95', '96', '97', '98', '99'];

/** [GS1] A GTIN-14 check digit: weights 3,1,3,… from the left over 13 digits (spec 002 §5). */
export function isValidGtin14(gtin: string): boolean {
  if (!/^\d{14}$/.test(gtin)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(gtin[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin[13]);
}

/**
 * [GS2] YYMMDD → 20YY-MM-DD (spec 002 §5). Day 00 means the last day of the month (GS1 General
 * Specifications, AI 17): 260300 → 2026-03-31, 240200 → 2024-02-29. Null for a date that does not
 * exist (month not 01–12, or a day past the month's end such as 260230), so it is never shown.
 */
export function gs1Date(yymmdd: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!m) return null;
  const year = 2000 + Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const dd = day === 0 ? String(daysInMonth) : (m[3] as string);
  return `${year}-${m[2]}-${dd}`;
}

function elements(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  const t = text.trim().replace(/^\]([A-Za-z]\d)/, '');
  if (t.startsWith('(')) {
    const re = /\((\d{2,4})\)([^(]*)/g;
    let consumed = 0;
    for (let m = re.exec(t); m != null; m = re.exec(t)) {
      if (m.index !== consumed) return null;
      consumed = m.index + m[0].length;
      out.set(m[1] as string, (m[2] as string).replace(new RegExp(GROUP_SEPARATOR, 'g'), '').trim());
    }
    return consumed === t.length ? out : null;
  }
  let i = 0;
  while (i < t.length) {
    if (t[i] === GROUP_SEPARATOR) {
      i += 1;
      continue;
    }
    const ai = t.slice(i, i + 2);
    const fixed = FIXED_LENGTH[ai];
    if (fixed != null) {
      out.set(ai, t.slice(i + 2, i + 2 + fixed));
      i += 2 + fixed;
    } else if (VARIABLE.includes(ai)) {
      const end = t.indexOf(GROUP_SEPARATOR, i + 2);
      out.set(ai, t.slice(i + 2, end < 0 ? t.length : end));
      i = end < 0 ? t.length : end + 1;
    } else {
      break;
    }
  }
  return out;
}

/**
 * [GS3] GS1 barcode parsing (spec 002 §5): reads the bracketed form "(01)…(17)…(10)…(21)…" or
 * the scanned form with group separators. gtin (AI 01) must be 14 digits with a valid check
 * digit, otherwise the result is null. Expiration (AI 17) YYMMDD becomes 20YY-MM-DD (GS2); an
 * impossible expiry date is left out (expirationDate omitted) while the GTIN, lot and serial are
 * kept, so a scan is never refused for it and a wrong date is never shown. Lot (10) and serial (21)
 * are kept as text.
 */
export function parseGs1(
  text: string,
): { gtin: string; expirationDate?: string; lotNumber?: string; serialNumber?: string } | null {
  const els = elements(text);
  const gtin = els?.get('01');
  if (els == null || gtin == null || !isValidGtin14(gtin)) return null;
  const result: Gs1Result = { gtin };
  const exp = els.get('17');
  const date = exp == null ? null : gs1Date(exp);
  if (date != null) result.expirationDate = date;
  const lot = els.get('10');
  if (lot != null && lot !== '') result.lotNumber = lot;
  const serial = els.get('21');
  if (serial != null && serial !== '') result.serialNumber = serial;
  return result;
}

/**
 * [GS4] Derived fields (spec 002 §3): packagingLevel is the GTIN's indicator digit; ndc is the
 * 10-digit US National Drug Code carried in a GTIN whose company prefix starts with 03
 * (digits 4–13), else null.
 */
export function gs1Derived(gtin: string): { packagingLevel: number; ndc: string | null } {
  return { packagingLevel: Number(gtin[0]), ndc: gtin.slice(1, 3) === '03' ? gtin.slice(3, 13) : null };
}
