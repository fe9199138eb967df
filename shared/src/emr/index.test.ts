import { describe, expect, it } from 'vitest';
import {
  emrConnectionSchema,
  emrLockdownBlock,
  emrPatientSystem,
  isSameEmrPatient,
  nextWriteBackAttempt,
  smartLaunchParamsSchema,
} from './index.js';

describe('[EMR1] emrLockdownMode', () => {
  it('refuses a person writing a Patient or an Appointment, only while the flag is on', () => {
    expect(emrLockdownBlock(true, { type: 'Patient', writer: 'user' })).toBe('EMR_LOCKDOWN');
    expect(emrLockdownBlock(true, { type: 'Appointment', writer: 'user' })).toBe('EMR_LOCKDOWN');
    expect(emrLockdownBlock(false, { type: 'Patient', writer: 'user' })).toBeNull();
    expect(emrLockdownBlock(true, { type: 'Observation', writer: 'user' })).toBeNull();
  });
  it("lets the EMR's and the server's own writes pass", () => {
    expect(emrLockdownBlock(true, { type: 'Patient', writer: 'emr' })).toBeNull();
    expect(emrLockdownBlock(true, { type: 'Appointment', writer: 'server' })).toBeNull();
  });
});

describe('[EMR2] an EMR connection', () => {
  it('takes an https FHIR base (http on localhost) without its trailing slash', () => {
    const ok = emrConnectionSchema.parse({ iss: 'https://emr.example/fhir/', clientId: 'vigil', clientSecret: null });
    expect(ok.iss).toBe('https://emr.example/fhir');
    expect(
      emrConnectionSchema.safeParse({ iss: 'http://127.0.0.1:9/fhir', clientId: 'v', clientSecret: 's' }).success,
    ).toBe(true);
  });
  it('refuses plain http elsewhere, credentials in the address and an empty client id', () => {
    for (const iss of ['http://emr.example/fhir', 'https://u:p@emr.example', 'ftp://emr.example', 'not a url'])
      expect(emrConnectionSchema.safeParse({ iss, clientId: 'v', clientSecret: null }).success).toBe(false);
    expect(emrConnectionSchema.safeParse({ iss: 'https://e.example', clientId: ' ', clientSecret: null }).success).toBe(
      false,
    );
  });
});

describe('[EMR3] launch parameters', () => {
  it('needs an EMR address and a launch value', () => {
    expect(smartLaunchParamsSchema.safeParse({ iss: 'https://emr.example/fhir', launch: 'abc' }).success).toBe(true);
    expect(smartLaunchParamsSchema.safeParse({ iss: 'https://emr.example/fhir', launch: '' }).success).toBe(false);
    expect(smartLaunchParamsSchema.safeParse({ iss: 'javascript:alert(1)', launch: 'x' }).success).toBe(false);
  });
});

describe("[EMR4] matching the EMR's patient", () => {
  const iss = 'https://emr.example/fhir';
  it("matches the EMR's id kept under {iss}/Patient, or a shared identifier", () => {
    const emr = { id: 'p1', identifier: [{ system: 'urn:mrn', value: '42' }] };
    expect(isSameEmrPatient({ identifier: [{ system: emrPatientSystem(iss), value: 'p1' }] }, emr, iss)).toBe(true);
    expect(isSameEmrPatient({ identifier: [{ system: 'urn:mrn', value: '42' }] }, emr, iss)).toBe(true);
    expect(isSameEmrPatient({ identifier: [{ system: 'urn:mrn', value: '43' }] }, emr, iss)).toBe(false);
    expect(isSameEmrPatient({ identifier: [{ value: '42' }] }, { identifier: [{ value: '42' }] }, iss)).toBe(false);
    expect(isSameEmrPatient({}, emr, iss)).toBe(false);
  });
});

describe('[EMR5] write-back retries', () => {
  it('waits 10 s, doubling to an hour, for 24 hours', () => {
    expect(nextWriteBackAttempt(0, 1, 0)).toBe(10_000);
    expect(nextWriteBackAttempt(0, 2, 10_000)).toBe(30_000);
    expect(nextWriteBackAttempt(0, 20, 3_600_000)).toBe(7_200_000);
    expect(nextWriteBackAttempt(0, 30, 24 * 3_600_000 - 1)).toBeNull();
  });
});
