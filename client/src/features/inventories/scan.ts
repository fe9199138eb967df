import { gs1Derived, parseGs1 } from '@vigil/shared';
import type { InventoryLot } from './api.js';

/** The GS1 group separator (ASCII 29) that ends a variable-length field in a scanned code. */
export const GROUP_SEPARATOR = '\u001d';

/** What a scanned package fills in (spec 002 §3, §5 GS1): GTIN, lot, expiry, serial and the NDC it carries. */
export interface ScannedPackage {
  gtin: string;
  lotNumber: string | null;
  /** YYYY-MM-DD */
  expiry: string | null;
  serialNumber: string | null;
  ndc: string | null;
}

/**
 * [IV1] Reads what a scanner typed or a camera decoded: a USB scanner's group separator may come
 * as ASCII 29 or as the text some scanners are set to send for it (`<GS>`, `{GS}`, `^]`, `␝`);
 * the `]d2` symbology prefix and a trailing Enter are dropped (parseGs1 reads the rest). Null when
 * it is not a GS1 code with a valid GTIN.
 */
export function readScan(text: string): ScannedPackage | null {
  const normalized = text
    .replace(/<GS>|\{GS\}|\^\]|\u241d/gi, GROUP_SEPARATOR)
    .replace(/[\r\n]+$/, '')
    .trim();
  const parsed = parseGs1(normalized);
  if (parsed == null) return null;
  return {
    gtin: parsed.gtin,
    lotNumber: parsed.lotNumber ?? null,
    expiry: parsed.expirationDate ?? null,
    serialNumber: parsed.serialNumber ?? null,
    ndc: gs1Derived(parsed.gtin).ndc,
  };
}

/** [IV6] The lot a scanned package belongs to: same GTIN and lot number (a lot without a GTIN: the lot number alone). */
export function lotForScan(lots: readonly InventoryLot[], s: ScannedPackage): InventoryLot | null {
  return lots.find((l) => l.lotNumber === s.lotNumber && (l.gtin == null || l.gtin === s.gtin)) ?? null;
}
