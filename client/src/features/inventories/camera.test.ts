import { describe, expect, it } from 'vitest';
import { CAMERA_TEXTS, cameraProblem, cameraReading, expiredText } from './camera.js';

// GTIN 00312345678906: weights 3,1,3,… over 0031234567890 sum 74 → check (10 − 4) % 10 = 6.
const code = (expiry: string, lot = 'MDZ2291'): string => `(01)00312345678906(17)${expiry}(10)${lot}(21)S1`;

describe('the camera scanner', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'noCamera'],
    ['OverconstrainedError', 'noCamera'],
    ['NotReadableError', 'busy'],
    ['AbortError', 'busy'],
    ['TypeError', 'unavailable'],
  ] as const)('[CS1] reads a camera refused with %s as %s', (name, problem) => {
    expect(cameraProblem(new DOMException('refused', name))).toBe(problem);
  });

  it('[CS1] reads anything else thrown as a camera the browser does not give', () => {
    expect(cameraProblem('no')).toBe('unavailable');
    expect(cameraProblem(null)).toBe('unavailable');
  });

  it('[CS1] says what to do instead for every problem: typing the code is always offered', () => {
    expect(CAMERA_TEXTS.denied.body).toBe(
      'Vigil was not allowed to use the camera. Allow the camera for this site in the browser settings and try again, or type the code.',
    );
    for (const text of Object.values(CAMERA_TEXTS)) expect(text.body).toMatch(/type the code\.$/);
  });

  it.each([
    // Expiry 2026-11-26 is usable through that day (LG4); expired from the 27th.
    ['the day before its expiry', '261126', '2026-11-25', 'package'],
    ['on its expiry date', '261126', '2026-11-26', 'package'],
    ['the day after its expiry date', '261126', '2026-11-27', 'expired'],
    // Day 00 is the month's last day (GS2): 261100 → 2026-11-30.
    ['a month-only expiry within its month', '261100', '2026-11-30', 'package'],
    ['a month-only expiry the month after', '261100', '2026-12-01', 'expired'],
  ])('[CS2] reads a package %s', (_, expiry, today, kind) => {
    expect(cameraReading(code(expiry), today)?.kind).toBe(kind);
  });

  it('[CS2] hands on what the package carries, and takes a package with no expiry', () => {
    expect(cameraReading(code('300630'), '2026-11-26')).toEqual({
      kind: 'package',
      scanned: {
        gtin: '00312345678906',
        lotNumber: 'MDZ2291',
        expiry: '2030-06-30',
        serialNumber: 'S1',
        ndc: '1234567890',
      },
    });
    expect(cameraReading('(01)00312345678906(10)A1', '2026-11-26')?.kind).toBe('package');
  });

  it('[CS2] says a code that is not a package is not GS1, and ignores an empty read', () => {
    expect(cameraReading('https://example.com', '2026-11-26')).toEqual({ kind: 'notGs1' });
    expect(cameraReading('(01)00312345678905(10)A1', '2026-11-26')).toEqual({ kind: 'notGs1' });
    expect(cameraReading('  ', '2026-11-26')).toBeNull();
  });

  it('[CS2] refuses an expired package with the ledger text, its lot and its expiry', () => {
    const read = cameraReading(code('240131', 'MDZ1507'), '2026-11-26');
    expect(read?.kind).toBe('expired');
    if (read?.kind !== 'expired') return;
    expect(expiredText(read.scanned)).toBe(
      'This lot is expired and cannot be received or dispensed. Lot MDZ1507, expiry 2024-01-31.',
    );
  });
});
