import { describe, expect, it } from 'vitest';
import { READ_ONLY_TEXTS, readOnlyReason } from './readOnly.js';

const H = 3_600_000;
const end = Date.UTC(2026, 10, 20, 15);
const open = { refused: null, schema: 'current', caseStart: end - 2 * H, end, now: end + H };

describe('read-only reasons of the case screen', () => {
  it('is editable within the provider editing window', () => {
    expect(readOnlyReason(open)).toBeNull();
  });

  it('is read-only once the sync layer reports the case finalized', () => {
    expect(readOnlyReason({ ...open, refused: 'FINALIZED' })).toBe(READ_ONLY_TEXTS.finalized);
  });

  it('names any other refusal', () => {
    expect(readOnlyReason({ ...open, refused: 'FORBIDDEN' })).toBe(
      'The server no longer accepts changes to this case (FORBIDDEN).',
    );
  });

  it('is read-only when a newer build wrote the case', () => {
    expect(readOnlyReason({ ...open, schema: 'tooNew' })).toBe(READ_ONLY_TEXTS.tooNew);
  });

  it('[EW1] is read-only after the 24-hour provider editing window (spec 000 §9)', () => {
    expect(readOnlyReason({ ...open, now: end + 24 * H })).toBeNull();
    expect(readOnlyReason({ ...open, now: end + 24 * H + 1 })).toMatch(
      /^The provider editing window of 24 hours closed at .+\. The case can no longer be changed\.$/,
    );
  });

  it('[EW2] shows the closed window when the server refuses a write past it', () => {
    // This device's copy says closed as well: its closing time is named.
    expect(readOnlyReason({ ...open, refused: 'EDITING_WINDOW_CLOSED', now: end + 24 * H + 1 })).toMatch(
      /^The provider editing window of 24 hours closed at .+\. The case can no longer be changed\.$/,
    );
    // Its clock is behind the server's, or it changed the times offline: closed without a time.
    expect(readOnlyReason({ ...open, refused: 'EDITING_WINDOW_CLOSED' })).toBe(READ_ONLY_TEXTS.windowClosedOnServer);
    expect(READ_ONLY_TEXTS.windowClosedOnServer).toBe(
      'The provider editing window of 24 hours has closed. The case can no longer be changed; changes made on this device are not saved.',
    );
    expect(readOnlyReason({ ...open, refused: 'EDITING_WINDOW_CLOSED' })).not.toMatch(/EDITING_WINDOW_CLOSED/);
  });
});
