import { describe, expect, it } from 'vitest';
import { caseStartOf, decideFinalSigner, FINAL_SIGNER_CODES, type FinalSignerInput } from './final-signer.js';

const START = Date.parse('2026-11-20T14:00:00Z');
const started = { userRole: 'other', events: { caseStart: START } };
const provider = { userId: 'u-prov', name: 'Dr Pat Provider', isProvider: true };
const recorder = { userId: 'u-rec', name: 'Riley Recorder', isProvider: false };

function input(over: Partial<FinalSignerInput>): FinalSignerInput {
  return {
    caseData: started,
    primaryProvider: { name: 'Dr Pat Provider', userId: 'u-prov', isProvider: true },
    primaryProviderMustBeFinalSigner: false,
    signer: provider,
    ...over,
  };
}

const codeOf = (i: FinalSignerInput): string | null => {
  const d = decideFinalSigner(i);
  return d.ok ? null : d.issue.code;
};

describe('the final signer (issue 25; spec 001 §6, spec 000 §3)', () => {
  it.each([
    ['no events at all', {}],
    ['an empty events map', { events: {} }],
    ['other events but vitals tracking on (caseStart is not derived)', { events: { anesthesiaStart: START } }],
    ['vitals tracking off and nothing charted', { vitalsTrackingEnabled: false, events: {} }],
  ])('[FS1] refuses a case that was never started: %s', (_name, caseData) => {
    expect(caseStartOf(caseData)).toBeNull();
    const d = decideFinalSigner(input({ caseData: { userRole: 'other', ...caseData } }));
    expect(d).toEqual({
      ok: false,
      issue: {
        severity: 'error',
        code: 'CASE_NOT_STARTED',
        path: [],
        message: 'This case was never started. Record the case start before signing.',
      },
    });
  });

  it.each([
    ['caseStart as epoch ms', { events: { caseStart: START } }, START],
    ['caseStart as an ISO string', { events: { caseStart: '2026-11-20T14:00:00Z' } }, START],
    // ET3: with vitals tracking off the earliest other time is the start: the dose at START - 60 s.
    [
      'a derived start from the earliest dose (vitals tracking off)',
      {
        vitalsTrackingEnabled: false,
        events: { anesthesiaStart: START },
        drugsAdministered: [{ name: 'Midazolam', doses: [{ time: START - 60_000 }] }],
      },
      START - 60_000,
    ],
  ])('[FS1] takes %s as started', (_name, caseData, expected) => {
    expect(caseStartOf(caseData)).toBe(expected);
    expect(codeOf(input({ caseData: { userRole: 'other', ...caseData } }))).toBeNull();
  });

  it('[FS2] refuses a signer without the provider role, whoever the case names', () => {
    expect(codeOf(input({ signer: recorder }))).toBe(FINAL_SIGNER_CODES.signerNotProvider);
    expect(
      codeOf(
        input({
          signer: recorder,
          primaryProvider: { name: 'Riley Recorder', userId: 'u-rec', isProvider: false },
        }),
      ),
    ).toBe('FINAL_SIGNER_NOT_PROVIDER');
  });

  it('[FS4] prints the provider who signs, not a recorder named as the primary provider (the issue 25 case)', () => {
    // Flag off: an empty-role case whose appointment names Riley Recorder, signed by Dr Pat Provider.
    const d = decideFinalSigner(
      input({ primaryProvider: { name: 'Riley Recorder', userId: 'u-rec', isProvider: false } }),
    );
    expect(d).toEqual({ ok: true, signerName: 'Dr Pat Provider', roleName: 'Riley Recorder' });
  });

  it('[FS4] prints the primary provider when they sign, and the signer own name otherwise', () => {
    expect(decideFinalSigner(input({}))).toMatchObject({ ok: true, signerName: 'Dr Pat Provider' });
    // A practitioner who is a name only is the signer when the names match (case and spaces aside).
    expect(
      decideFinalSigner(
        input({
          primaryProvider: { name: 'DR  PAT provider', userId: null, isProvider: false },
          signer: { ...provider, name: 'Dr Pat Provider' },
        }),
      ),
    ).toMatchObject({ ok: true, signerName: 'DR  PAT provider' });
    expect(
      decideFinalSigner(input({ primaryProvider: { name: 'Dr Grace Hopper', userId: null, isProvider: false } })),
    ).toMatchObject({ ok: true, signerName: 'Dr Pat Provider' });
    expect(decideFinalSigner(input({ primaryProvider: null }))).toMatchObject({
      ok: true,
      signerName: 'Dr Pat Provider',
      roleName: null,
    });
  });

  it.each([
    // [flag on] every role makes the primary provider the final signer (CR1 without a different signer).
    ['other', 'u-other', FINAL_SIGNER_CODES.signerNotPrimaryProvider],
    ['sedationProvider', 'u-other', 'FINAL_SIGNER_NOT_PRIMARY_PROVIDER'],
    ['surgeon', 'u-other', 'FINAL_SIGNER_NOT_PRIMARY_PROVIDER'],
    ['surgeon', 'u-prov', null],
    ['other', 'u-prov', null],
  ])('[FS3] with primaryProviderMustBeFinalSignerName on, a %s case signed by %s → %s', (userRole, userId, code) => {
    expect(
      codeOf(
        input({
          caseData: { ...started, userRole, sedationProviderName: 'Dr Sam Sedation' },
          primaryProviderMustBeFinalSigner: true,
          signer: { userId, name: userId === 'u-prov' ? 'Dr Pat Provider' : 'Dr Other', isProvider: true },
        }),
      ),
    ).toBe(code);
  });

  it('[FS3] with the flag on, names who must sign, refuses a recorder primary provider and a case with none', () => {
    const wrong = decideFinalSigner(
      input({ primaryProviderMustBeFinalSigner: true, signer: { userId: 'u-x', name: 'Dr X', isProvider: true } }),
    );
    expect(wrong).toMatchObject({
      ok: false,
      issue: {
        message: 'This organization requires the primary provider to sign: only Dr Pat Provider can sign this case.',
      },
    });
    expect(
      codeOf(
        input({
          primaryProviderMustBeFinalSigner: true,
          primaryProvider: { name: 'Riley Recorder', userId: 'u-rec', isProvider: false },
        }),
      ),
    ).toBe(FINAL_SIGNER_CODES.primaryProviderNotProvider);
    expect(codeOf(input({ primaryProviderMustBeFinalSigner: true, primaryProvider: null }))).toBe(
      FINAL_SIGNER_CODES.noPrimaryProvider,
    );
    // A name-only practitioner with another name cannot be the signer.
    expect(
      codeOf(
        input({
          primaryProviderMustBeFinalSigner: true,
          primaryProvider: { name: 'Dr Grace Hopper', userId: null, isProvider: false },
        }),
      ),
    ).toBe(FINAL_SIGNER_CODES.signerNotPrimaryProvider);
  });

  it('[FS3] with the flag off, a surgeon case names the sedation provider as the final signer of spec 001 §6', () => {
    expect(
      decideFinalSigner(
        input({ caseData: { ...started, userRole: 'surgeon', sedationProviderName: 'Dr Sam Sedation' } }),
      ),
    ).toEqual({ ok: true, signerName: 'Dr Pat Provider', roleName: 'Dr Sam Sedation' });
  });
});
