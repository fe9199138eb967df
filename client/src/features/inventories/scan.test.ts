import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR, lotForScan, readScan } from './scan.js';

const GS = GROUP_SEPARATOR;
// GTIN 00312345678906: weights 3,1,3,… over 0031234567890 sum 74 → check (10 − 4) % 10 = 6.
const PACKAGE = {
  gtin: '00312345678906',
  lotNumber: 'MDZ2291',
  expiry: '2030-06-30',
  serialNumber: 'S1',
  ndc: '1234567890',
};

describe('scanning a package', () => {
  it.each([
    // (01) GTIN, (17) expiry 30-06-30, (10) lot ended by the separator, (21) serial.
    ['a USB scanner with ASCII 29', `010031234567890617300630` + `10MDZ2291${GS}21S1`],
    ['the ]d2 symbology prefix', `]d2010031234567890617300630` + `10MDZ2291${GS}21S1`],
    ['<GS> typed for the separator', '010031234567890617300630' + '10MDZ2291<GS>21S1'],
    ['^] typed for the separator', '010031234567890617300630' + '10MDZ2291^]21S1'],
    ['a trailing Enter', `010031234567890617300630` + `10MDZ2291${GS}21S1\r\n`],
    ['the bracketed form a camera reads', '(01)00312345678906(17)300630(10)MDZ2291(21)S1'],
  ])('[IV1] reads %s', (_, text) => {
    expect(readScan(text)).toEqual(PACKAGE);
  });

  it('[IV1] refuses a code whose GTIN check digit is wrong, and leaves out what the code does not carry', () => {
    expect(readScan('0100312345678905' + '10A')).toBeNull();
    expect(readScan('hello')).toBeNull();
    expect(readScan('0100312345678906')).toEqual({
      gtin: '00312345678906',
      lotNumber: null,
      expiry: null,
      serialNumber: null,
      ndc: '1234567890',
    });
  });
});

describe('the lot a scan belongs to', () => {
  const lot = (id: string, lotNumber: string, gtin: string | null) =>
    ({ id, lotNumber, gtin }) as unknown as Parameters<typeof lotForScan>[0][number];
  const lots = [lot('a', 'MDZ2291', '00312345678906'), lot('b', 'OLD1', null)];
  it.each([
    ['the same GTIN and lot number', { gtin: '00312345678906', lotNumber: 'MDZ2291' }, 'a'],
    ['another GTIN with the same lot number', { gtin: '10312345678903', lotNumber: 'MDZ2291' }, null],
    ['a lot without a GTIN, by its lot number', { gtin: '00312345678906', lotNumber: 'OLD1' }, 'b'],
    ['an unknown lot', { gtin: '00312345678906', lotNumber: 'NEW9' }, null],
  ])('[IV6] %s → %s', (_, s, id) => {
    const scanned = { ...s, expiry: null, serialNumber: null, ndc: null };
    expect(lotForScan(lots, scanned)?.id ?? null).toBe(id);
  });
});
