import type { PatientConsent, PatientSex } from '@vigil/shared';
import { useMemo } from 'react';
import { useThrottledCaseJson, type CaseDoc } from '../../../case/index.js';
import { signoffFlags, type SignoffFlag } from '@vigil/shared';
import { useCaseLedgerLines } from '../../inventories/index.js';

/** The case's content is read again at most this often while it changes (a monitor writes every 5 s). */
export const SIGNOFF_READ_MS = 1_000;

/**
 * The case document's content, read when the section mounts and then at most once a second
 * while it changes, in a transition: the flags follow the charting without a monitor reading
 * making every tap wait on a copy of a long case.
 */
export function useSignoffCaseJson(
  doc: CaseDoc | undefined,
  everyMs = SIGNOFF_READ_MS,
): Record<string, unknown> | null {
  return useThrottledCaseJson(doc, everyMs);
}

/** An override the server stored at finalize (case data signoffOverrides): who overrode a flag and why. */
export interface CaseOverride {
  reason: string;
  name: string;
}

/** The overrides of the case by flag key; entries of another shape are left out. */
export function caseOverrides(value: unknown): ReadonlyMap<string, CaseOverride> {
  const out = new Map<string, CaseOverride>();
  if (!Array.isArray(value)) return out;
  for (const o of value as unknown[]) {
    if (o == null || typeof o !== 'object') continue;
    const { flagKey, reason, name } = o as Record<string, unknown>;
    if (typeof flagKey === 'string' && typeof reason === 'string') {
      out.set(flagKey, { reason, name: typeof name === 'string' ? name : '' });
    }
  }
  return out;
}

export interface SignoffState {
  flags: SignoffFlag[];
  /** The case's sedation level as stored, for the policies' levels. */
  sedationLevel: unknown;
  overrides: ReadonlyMap<string, CaseOverride>;
}

export interface SignoffFlagsOptions {
  ageYears: number | null;
  /** The patient record's gender: an adult's ideal body weight (IBW2), as the tracker and the gate use it. */
  sex?: PatientSex | null;
  /** The level booked on the Appointment, for "deeper than planned" (SO20). */
  plannedSedationLevel: string | null;
  timeZone?: string;
  /** The consent the patient signed for the case on the patient link (usePatientConsent): SO3 is then recorded. */
  patientConsent?: PatientConsent | null;
}

/**
 * The case's open sign-off flags, computed in the browser with the same rules the server's
 * finalize gate runs (shared signoffFlags). The device does not know the patient's previous case:
 * previousWeightKg is null here, so SO16 shows only at the gate (docs/decisions.md). The
 * controlled-drug ledger comes from the case screen's CaseLedgerProvider (inventories) once read
 * from the server, so SO15 shows live; offline or without the drugInventory flag it is null and
 * SO15 is left to the gate. A consent the patient signed on their phone (usePatientConsent, the
 * device's cache of Contracts kept live) records consent (SO3) as it does at the gate. Null while
 * the case is loading.
 */
export function useSignoffFlags(
  doc: CaseDoc | undefined,
  { ageYears, sex, plannedSedationLevel, timeZone, patientConsent = null }: SignoffFlagsOptions,
  everyMs?: number,
): SignoffState | null {
  const json = useSignoffCaseJson(doc, everyMs);
  const ledger = useCaseLedgerLines();
  return useMemo(
    () =>
      json == null
        ? null
        : {
            sedationLevel: json.sedationLevel,
            overrides: caseOverrides(json.signoffOverrides),
            flags: signoffFlags({
              caseData: json,
              patient: { ageYears, sex },
              previousWeightKg: null,
              ledger,
              plannedSedationLevel,
              timeZone: timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
              patientConsent,
            }),
          },
    [json, ageYears, sex, plannedSedationLevel, timeZone, ledger, patientConsent],
  );
}
