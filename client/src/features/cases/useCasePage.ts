import { startTransition, useEffect, useMemo, useState } from 'react';
import { CASE_HISTORY_NOTICE_TEXTS, patientDisplayName, type Patient, type TimelineEventId } from '@vigil/shared';
import { isoDate } from '../../ui/format.js';
import { caseHeaderModel, type CaseHeaderInput, type CaseHeaderModel } from './header/caseHeaderModel.js';
import type { CaseHealthHistories } from './health-history/useCaseHealthHistories.js';
import { asCaseDoc, readField, useCaseValue, type CaseDoc } from '../../case/index.js';
import { usePolicies } from '../../data/policies.js';
import type { Session, User } from '../../session/api.js';
import type { CaseDocument, CaseDocumentState } from '../../sync/caseDocument.js';
import { useCaseDocument, useCaseState } from '../../sync/useCaseDocument.js';
import { withPlugged, type PluggedCaseSection } from './caseSection.js';
import type { CaseTimes } from './events/caseTimes.js';
import type { CaseSectionLink } from './header/CaseHeader.js';
import type { SignoffPolicies } from './signoff/SignoffChecksSection.js';

/*
 * What the case screen (CasePage.tsx) reads besides its sections: the open case document and
 * its state, the page clock, the sign-off policies, the case's copy of the patient's name and
 * birth date, and the navigation and timeline built from the case.
 */

/** The open case document and what the page follows of its state. */
export interface OpenCase {
  kase: CaseDocument | null;
  /** This device's copy is still being read. */
  deviceLoading: boolean;
  loadError: CaseDocumentState['loadError'];
  refused: CaseDocumentState['sync']['refused'];
  schema: CaseDocumentState['schema'];
  /** The case document once this device's copy is read. */
  doc: CaseDoc | undefined;
}

/** Opens the appointment's case document as the signed-in user (their roles in the organisation, this kind of device). */
export function useOpenCase(
  orgId: string,
  appointmentId: string,
  user: User | null,
  session: Session | null,
): OpenCase {
  const membership = session
    ? [...session.orgs.regular, ...session.orgs.parent, ...session.orgs.vigil, ...session.orgs.reseller].find(
        (o) => o.id === orgId,
      )
    : undefined;
  const { kase } = useCaseDocument({
    orgId,
    docId: appointmentId,
    user: {
      name: user?.name ?? 'Guest',
      role: membership?.roles.join(', ') || 'guest',
      device: /Mobi|Tablet|iPad|Android/.test(navigator.userAgent) ? 'tablet' : 'desktop',
    },
  });
  // The page follows only what it shows; the header's save status follows every change.
  const deviceLoading = useCaseState(kase, (s) => s.device === 'loading');
  const loadError = useCaseState(kase, (s) => s.loadError);
  const refused = useCaseState(kase, (s) => s.sync.refused);
  const schema = useCaseState(kase, (s) => s.schema);
  const doc = asCaseDoc(deviceLoading ? undefined : kase?.doc);
  return { kase, deviceLoading, loadError, refused, schema, doc };
}

const CLOCK_TICK_MS = 30_000;

/** The page's clock, moved on every 30 s (a transition: it never holds up typing). */
export function useClockTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Which sign-off flags block (issue 29): the org's policies when its policies flag is on; with
 * the flag off every flag only warns (policies.ts), so no policies are fetched. Offline, the
 * policies this device last read (issue 36 item 6): a tablet that starts offline has them.
 */
export function useSignoffPolicies(orgId: string, enabled: boolean): SignoffPolicies | null {
  const { policies } = usePolicies(orgId, enabled, { offline: true });
  return useMemo(
    () => (!enabled ? { policies: [], enabled: false } : policies ? { policies, enabled: true } : null),
    [enabled, policies],
  );
}

/** The patient's name and birth date as the case shows them: the record's, else the case's own copy. */
export interface CasePatientCopy {
  /** The birth date on the patient record, when it is a date. */
  recordBirthDate: string | null;
  patientName: string | null;
  birthDate: string | null;
}

/**
 * The case keeps its own copy of the patient's name and birth date (spec 001 §3), so the header
 * and the report read it on a device that never saw the patient record: the record's are written
 * into an editable case as they differ.
 */
export function useCasePatientCopy(
  doc: CaseDoc | undefined,
  readOnly: boolean,
  patient: Patient | null | undefined,
): CasePatientCopy {
  const [casePatientName, setCasePatientName] = useCaseValue<string>(doc, 'patientName');
  const [caseBirthDate, setCaseBirthDate] = useCaseValue<string>(doc, 'patientBirthDate');
  // The case keeps its own copy of the patient's name and birth date (spec 001 §3), so the
  // header and the report read it on a device that never saw the patient record.
  const recordName = patient ? patientDisplayName(patient) : null;
  const recordBirthDate =
    patient?.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate) ? patient.birthDate : null;
  useEffect(() => {
    if (!doc || readOnly) return;
    // Read from the document itself: this render's values may predate the document's first read.
    if (recordName && recordName !== readField(doc, 'patientName')) setCasePatientName(recordName);
    if (recordBirthDate && recordBirthDate !== readField(doc, 'patientBirthDate')) setCaseBirthDate(recordBirthDate);
    // The setters write to the current document; only the values decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, readOnly, recordName, recordBirthDate, casePatientName, caseBirthDate]);
  const birthDate =
    recordBirthDate ??
    (typeof caseBirthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(caseBirthDate) ? caseBirthDate : null);
  const patientName = recordName ?? (typeof casePatientName === 'string' ? casePatientName : null);
  return { recordBirthDate, patientName, birthDate };
}

/** The built-in sections of the navigation, in page order. */
function builtInLinks(showIv: boolean, showAirway: boolean): CaseSectionLink[] {
  return [
    { id: 'case-start', label: 'Start' },
    { id: 'case-health-history', label: 'Health history' },
    { id: 'case-checks', label: 'Checks' },
    { id: 'case-times', label: 'Times' },
    { id: 'case-timeline', label: 'Timeline' },
    { id: 'case-vitals', label: 'Vitals' },
    { id: 'case-drugs', label: 'Drugs' },
    { id: 'la-tracker', label: 'Local anesthetics' },
    ...(showIv ? [{ id: 'case-iv', label: 'IV' }] : []),
    ...(showAirway ? [{ id: 'case-airway', label: 'Airway' }] : []),
    { id: 'case-positions', label: 'Positions' },
    { id: 'case-waves', label: 'Waves' },
    { id: 'case-outcome', label: 'Outcome' },
    { id: 'case-discharge', label: 'Discharge' },
    { id: 'case-notes', label: 'Notes' },
    { id: 'case-forms', label: 'Forms' },
    { id: 'case-signoff', label: 'Sign-off checks' },
    { id: 'case-signatures', label: 'Signatures' },
  ];
}

/** The header's navigation: the built-in sections shown, with the plugged ones where they go. */
export function sectionLinks(
  showIv: boolean,
  showAirway: boolean,
  plugged: readonly PluggedCaseSection[],
): CaseSectionLink[] {
  return withPlugged<CaseSectionLink>(builtInLinks(showIv, showAirway), plugged, (p) => ({ id: p.id, label: p.label }));
}

/** The timeline's events from the case's times. */
export function timelineOf(times: CaseTimes): Record<TimelineEventId, number | null> {
  return {
    caseStart: times.times.caseStart,
    vitalsEnd: times.times.vitalsEnd,
    ivStart: times.ivStart,
    ivEnd: times.ivEnd,
    surgeryStart: times.times.surgeryStart,
    surgeryEnd: times.times.surgeryEnd,
    anesthesiaStart: times.times.anesthesiaStart,
    anesthesiaEnd: times.times.anesthesiaEnd,
    recoveryStart: times.times.recoveryStart,
    end: times.times.end,
  };
}

/** What the header shows from the case besides its own fields. */
export interface CaseHeaderInputs {
  patientName: string | null;
  birthDate: string | null;
  reportedAllergies: CaseHeaderInput['reportedAllergies'];
  /** The patient record's allergy line (PR2, issue 40). */
  recordAllergies: string;
  status: CaseHeaderInput['status'];
  now: number;
}

/** The case header's model, and the weight, height and age the sections are worked on. */
export function useCaseHeader(
  doc: CaseDoc | undefined,
  { patientName, birthDate, reportedAllergies, recordAllergies, status, now }: CaseHeaderInputs,
): { model: CaseHeaderModel; weightKg: number | null; heightCm: number | null; ageYears: number | null } {
  const [weight] = useCaseValue<{ value?: number }>(doc, 'weight');
  const [height] = useCaseValue<{ value?: number }>(doc, 'height');
  const [allergies] = useCaseValue<string>(doc, 'allergiesSummary');
  const [sedationLevel] = useCaseValue<string>(doc, 'sedationLevel');
  const weightKg = typeof weight?.value === 'number' && weight.value > 0 ? weight.value : null;
  const heightCm = typeof height?.value === 'number' && height.value > 0 ? height.value : null;
  const allergiesSummary = typeof allergies === 'string' ? allergies : null;
  const level = typeof sedationLevel === 'string' ? sedationLevel : null;
  const model = useMemo(
    () =>
      caseHeaderModel({
        patientName,
        birthDate,
        weightKg,
        heightCm,
        allergiesSummary,
        recordAllergies,
        reportedAllergies,
        sedationLevel: level,
        status,
        now,
      }),
    [
      patientName,
      birthDate,
      weightKg,
      heightCm,
      allergiesSummary,
      recordAllergies,
      reportedAllergies,
      level,
      status,
      now,
    ],
  );
  const ageYears = model.age == null ? null : Number.parseInt(model.age, 10);
  return { model, weightKg, heightCm, ageYears };
}

/** The health history notice of the case header (spec 002), or null. */
export function historyNoticeText(notice: CaseHealthHistories['notice']): string | null {
  if (!notice) return null;
  return notice.kind === 'outdated'
    ? CASE_HISTORY_NOTICE_TEXTS.outdated(isoDate(notice.signedAt ?? 0))
    : CASE_HISTORY_NOTICE_TEXTS[notice.kind];
}
