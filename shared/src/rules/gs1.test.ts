import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1Date, gs1Derived, isValidGtin14, parseGs1 } from './gs1.js';

const GS = '\u001d';

describe('GS1', () => {
  it.each([
    // weights 3,1,3,… over 0030012345678: sum 85 → (10 − 5) % 10 = 5
    ['00300123456785', true],
    ['00300123456784', false],
    // 1036600012345: sum 69 → check 1
    ['10366000123451', true],
    ['00000000000000', true], // sum 0 → check 0
    ['0030012345678', false], // 13 digits
    ['0030012345678A', false],
  ])('[GS1] GTIN %s valid: %s', (gtin, ok) => {
    expect(isValidGtin14(gtin)).toBe(ok);
  });

  it.each([
    ['251231', '2025-12-31'],
    // day 00 is the last day of the month (GS1 General Specifications, AI 17)
    ['260300', '2026-03-31'],
    ['270100', '2027-01-31'],
    ['260400', '2026-04-30'],
    ['240200', '2024-02-29'], // 2024 is a leap year
    ['250200', '2025-02-28'],
    ['001200', '2000-12-31'],
    // impossible dates
    ['260230', null], // 30 February
    ['250229', null], // 2025 is not a leap year
    ['240229', '2024-02-29'],
    ['260431', null], // April has 30 days
    ['260430', '2026-04-30'],
    ['251331', null],
    ['250032', null],
    ['250001', null], // month 00
    ['2512', null],
  ])('[GS2] expiry %s → %s', (yymmdd, date) => {
    expect(gs1Date(yymmdd)).toBe(date);
  });

  it.each([
    [
      '(01)00300123456785(17)251231(10)LOT42(21)SN9',
      { gtin: '00300123456785', expirationDate: '2025-12-31', lotNumber: 'LOT42', serialNumber: 'SN9' },
    ],
    [
      `]d20100300123456785172512311${'0'}LOT42${GS}21SN9`,
      { gtin: '00300123456785', expirationDate: '2025-12-31', lotNumber: 'LOT42', serialNumber: 'SN9' },
    ],
    [`010030012345678521SN9${GS}10LOT1`, { gtin: '00300123456785', serialNumber: 'SN9', lotNumber: 'LOT1' }],
    ['0100300123456785', { gtin: '00300123456785' }],
    ['(01)00300123456785(17)251399', { gtin: '00300123456785' }], // bad month dropped
    // an impossible date (30 February) is omitted; GTIN and lot are kept
    ['(01)00300123456785(17)260230(10)LOT7', { gtin: '00300123456785', lotNumber: 'LOT7' }],
    ['(01)00300123456785(17)260300', { gtin: '00300123456785', expirationDate: '2026-03-31' }],
    [`${GS}0100300123456785`, { gtin: '00300123456785' }],
    ['(01)00300123456785(11)250101', { gtin: '00300123456785' }],
    ['0100300123456785990000', { gtin: '00300123456785' }], // unknown AI stops reading
  ])('[GS3] %j parses to %j', (text, expected) => {
    expect(parseGs1(text)).toEqual(expected);
  });

  it.each([
    ['(01)00300123456784(17)251231'], // bad check digit
    ['(17)251231(10)LOT'], // no GTIN
    ['hello'],
    [''],
    ['(01)0030012345678'], // 13 digits
    ['junk(01)00300123456785'],
    ['(01)00300123456785junk('],
  ])('[GS3] %j gives null', (text) => {
    expect(parseGs1(text)).toBeNull();
  });

  it('[GS4] derives packaging level and NDC', () => {
    expect(gs1Derived('00300123456785')).toEqual({ packagingLevel: 0, ndc: '0012345678' });
    expect(gs1Derived('10366000123451')).toEqual({ packagingLevel: 1, ndc: '6600012345' });
    expect(gs1Derived('09501101530003')).toEqual({ packagingLevel: 0, ndc: null });
  });
});

describe('GS1 on arbitrary input', () => {
  it('[GS3] never throws and only returns GTINs with a valid check digit (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^(\(\d{2}\)\d{0,16})+$/), fc.stringMatching(/^01\d{14}(17\d{6})?$/)),
        (text) => {
          const r = parseGs1(text);
          if (r != null) expect(isValidGtin14(r.gtin)).toBe(true);
        },
      ),
    );
  });
});
