import { describe, expect, it } from 'vitest';
import { caseDataSchema } from './schema.js';

const ok = (data: Record<string, unknown>): boolean => caseDataSchema.safeParse(data).success;
const signed = { name: 'Dr. Ray', signature: 'M 0 0 L 9 9', time: 1_700_000_000_000 };

describe('the last fields the report prints (issue 39)', () => {
  it.each([
    [{ responsibleCompanion: 'Sam (mother)' }, true],
    [{ responsibleCompanion: 3 }, false],
    [{ separatePreOpPage: true }, true],
    [{ separatePreOpPage: 'yes' }, false],
    [{ officeChecklistsApplied: true }, true],
    [{ otherLocalAnesthetics: 'Benzocaine 20% gel' }, true],
    [{ otherLocalAnesthetics: [{ name: 'Lidocaine spray', amount: 2, unit: 'sprays' }] }, true],
    [{ otherLocalAnesthetics: 4 }, false],
    [{ procedureNotesSignature: signed }, true],
    [{ recoveryNotesSignature: signed }, true],
    [{ procedureNotesSignature: { ...signed, name: ' ' } }, false],
    [{ recoveryNotesSignature: { name: 'Dr. Ray' } }, false],
    [{ procedureNotesSignature: null }, true],
  ])('[CD18] %j is accepted: %s', (data, accepted) => {
    expect(ok(data)).toBe(accepted);
  });
});
