import { Center, Loader, Stack } from '@mantine/core';
import {
  appointmentActorId,
  appointmentSedationLevel,
  CASE_HISTORY_NOTICE_TEXTS,
  caseStatus,
  isSedationLevelAllowed,
  patientDisplayName,
  type Practitioner,
  type TimelineEventId,
} from '@vigil/shared';
import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../session/SessionProvider.js';
import { asCaseDoc, readField, setField, useCaseValue, type CaseDoc } from '../../case/index.js';
import type { CaseDocument } from '../../sync/caseDocument.js';
import { useCaseDocument, useCaseState } from '../../sync/useCaseDocument.js';
import * as authApi from '../../session/api.js';
import { useLiveResourceEvents } from '../../data/db.js';
import { DischargeSection } from './discharge/DischargeSection.js';
import { HealthHistorySection } from './health-history/HealthHistorySection.js';
import { OutcomeSection, PreOpDetailsSection } from './case-details/PreOpDetailsSection.js';
import { usePatientReportedAllergies } from './health-history/usePatientReportedAllergies.js';
import { useCaseHealthHistories } from './health-history/useCaseHealthHistories.js';
import { isoDate } from '../../ui/format.js';
import { EventTimesSection } from './events/EventTimesSection.js';
import { useCaseTimes } from './events/useCaseTimes.js';
import { CaseHeader, type CaseSectionLink } from './header/CaseHeader.js';
import { caseHeaderModel } from './header/caseHeaderModel.js';
import { readOnlyReason } from './header/readOnly.js';
import { useCaseAppointment } from './header/useCaseAppointment.js';
import { useOrgCaseSettings } from '../../data/orgSettings.js';
import { LocalAnestheticTracker } from './local-anesthetics/LocalAnestheticTracker.js';
import { AirwaysSection } from './airway/AirwaysSection.js';
import { DrugsSection } from './drugs/DrugsSection.js';
import { IvSitesSection } from './iv/IvSitesSection.js';
import { PositionsSection } from './positions/PositionsSection.js';
import { withPlugged, type CaseSectionProps, type PluggedCaseSection } from './caseSection.js';
import { VitalsSection } from './vitals/VitalsSection.js';
import { WavesSection } from './waves/WavesSection.js';
import { NotesSection } from './notes/NotesSection.js';
import { FormsSection } from './forms/FormsSection.js';
import { SignaturesSection } from './signatures/SignaturesSection.js';
import { SignoffChecksSection } from './signoff/SignoffChecksSection.js';
import { usePatientConsent } from './signoff/usePatientConsent.js';
import { CaseLedgerProvider } from '../inventories/index.js';
import { usePolicies } from '../../data/policies.js';
import { StartCaseSection } from './start/StartCaseSection.js';
import { CaseTimeline } from './timeline/CaseTimeline.js';
import { useSectionsMounted } from './useSectionsMounted.js';

/*
 * Sections re-render only when their own props change, not on every save-status change of the
 * header (a monitor reading every 5 s would otherwise redraw the whole screen twice).
 */
const Start = memo(StartCaseSection);
const History = memo(HealthHistorySection);
const Checks = memo(PreOpDetailsSection);
const Outcome = memo(OutcomeSection);
const Times = memo(EventTimesSection);
const Timeline = memo(CaseTimeline);
const Vitals = memo(VitalsSection);
const Drugs = memo(DrugsSection);
const Tracker = memo(LocalAnestheticTracker);
const IvSites = memo(IvSitesSection);
const Airways = memo(AirwaysSection);
const Positions = memo(PositionsSection);
const Waves = memo(WavesSection);
const Discharge = memo(DischargeSection);
const Notes = memo(NotesSection);
const Forms = memo(FormsSection);
const Signatures = memo(SignaturesSection);
const SignoffChecks = memo(SignoffChecksSection);

export interface CasePageProps {
  /** Sections other features add (the org app's routes give them: features/org/caseSections.ts). */
  plugged?: readonly PluggedCaseSection[];
}

const NONE_PLUGGED: readonly PluggedCaseSection[] = [];

/** A plugged section re-renders only when its props change, as the built-in ones do (one memo per component). */
const pluggedMemos = new WeakMap<PluggedCaseSection['Component'], PluggedCaseSection['Component']>();
function pluggedMemo(p: PluggedCaseSection): PluggedCaseSection['Component'] {
  let m = pluggedMemos.get(p.Component);
  if (!m) {
    m = memo(p.Component);
    pluggedMemos.set(p.Component, m);
  }
  return m;
}

/** How often the page re-reads the clock for the provider editing window. */
const CLOCK_TICK_MS = 30_000;

/**
 * The organisation's live events the case screen applies to the device's cache (issue 35 item 13):
 * the Contract a patient signs on their phone (the consent line and SO3) and the Appointment whose
 * form task it completes (the Forms section). Not the rest: the case's own Composition comes back
 * at every pause in saving, and the screen reads the case from its document.
 */
const CASE_LIVE_TYPES = ['Contract', 'Appointment'] as const;

function practitionerName(p: Practitioner | null | undefined): string | null {
  const n = p?.name?.[0];
  if (!n) return null;
  return n.text ?? ([...(n.given ?? []), n.family].filter(Boolean).join(' ') || null);
}

/**
 * One section of the case screen. Off-screen sections skip style, layout and paint
 * (`content-visibility: auto`) and keep their last rendered height as their placeholder, so
 * opening a dialog or typing on a long case does not lay out the whole page again. `id` is the
 * section navigation's anchor for sections that do not carry their own.
 */
function CaseSection({ id, children }: { id?: string; children: ReactNode }): ReactNode {
  return (
    <div id={id} style={SECTION_STYLE} data-case-section>
      {children}
    </div>
  );
}

const SECTION_STYLE = {
  scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 150px)',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 480px',
} as const;

/**
 * Room below the last section, so the section navigation can bring the last sections' headings to
 * the top of the screen too (issue 25), not only those with a screenful of case below them.
 */
const END_ROOM_STYLE = { minHeight: 'calc(100dvh - 360px)' } as const;

/**
 * Starts the case's sedation level from the one booked on the Appointment, once the server's
 * copy is in: a level chosen on another tablet must not be overwritten. A component of its own
 * because the sync status it follows changes with every save, and the page need not re-render.
 */
function BookedSedationLevel({
  kase,
  doc,
  level,
}: {
  kase: CaseDocument | null;
  doc: CaseDoc | undefined;
  level: string | null;
}): null {
  const synced = useCaseState(kase, (s) => s.sync.status === 'synced');
  useEffect(() => {
    if (!doc || !level || !synced) return;
    if (readField(doc, 'sedationLevel') == null) setField(doc, 'sedationLevel', level);
  }, [doc, level, synced]);
  return null;
}

/**
 * The case screen (`/org/{orgId}/cases/{appointmentId}`, issue 8): a sticky header with the
 * patient, the case's state and the section navigation, then the sections in charting order.
 * The case document's id is the appointment id (also the anesthesia record Composition's id); a
 * case whose Appointment this device does not know (created offline) opens and charts all the
 * same, and the header shows what the case document holds.
 */
export function CasePage({ plugged = NONE_PLUGGED }: CasePageProps): ReactNode {
  const { orgId = '', appointmentId = '' } = useParams();
  const { user, session, status: authStatus } = useSession();
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
  const settings = useOrgCaseSettings(orgId);
  // Which sign-off flags block (issue 29): the org's policies when its policies flag is on;
  // with the flag off every flag only warns (policies.ts), so no policies are fetched.
  // Offline, the policies this device last read (issue 36 item 6): a tablet that starts offline has them.
  const { policies } = usePolicies(orgId, settings.policies, { offline: true });
  const signoffPolicies = useMemo(
    () => (!settings.policies ? { policies: [], enabled: false } : policies ? { policies, enabled: true } : null),
    [settings.policies, policies],
  );
  const { appointment, patient, primaryProvider } = useCaseAppointment(orgId, appointmentId);
  const [weight] = useCaseValue<{ value?: number }>(doc, 'weight');
  const [height] = useCaseValue<{ value?: number }>(doc, 'height');
  const [casePatientName, setCasePatientName] = useCaseValue<string>(doc, 'patientName');
  const [caseBirthDate, setCaseBirthDate] = useCaseValue<string>(doc, 'patientBirthDate');
  const [allergies] = useCaseValue<string>(doc, 'allergiesSummary');
  const [sedationLevel] = useCaseValue<string>(doc, 'sedationLevel');
  const [ivEnabled] = useCaseValue<boolean>(doc, 'ivEnabled');
  const [airwayEnabled] = useCaseValue<boolean>(doc, 'airwayEnabled');
  const times = useCaseTimes(doc);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const patientId = appointment ? appointmentActorId(appointment, 'Patient') : null;
  const histories = useCaseHealthHistories(orgId, patientId, now);
  // A consent the patient signed on their phone (issue 35 item 13): shown with the checklist, records SO3.
  const patientConsent = usePatientConsent(orgId, appointmentId, patientId);
  useLiveResourceEvents(orgId, CASE_LIVE_TYPES);
  const reportedAllergies = usePatientReportedAllergies(orgId, patientId);
  const historyNotice =
    refused === 'FINALIZED' || !histories.notice
      ? null
      : histories.notice.kind === 'outdated'
        ? CASE_HISTORY_NOTICE_TEXTS.outdated(isoDate(histories.notice.signedAt ?? 0))
        : CASE_HISTORY_NOTICE_TEXTS[histories.notice.kind];

  const reason = readOnlyReason({
    refused,
    schema,
    caseStart: times.times.caseStart,
    end: times.times.end,
    now,
  });
  const readOnly = deviceLoading || reason != null;
  // Until this device's copy is read (a few milliseconds) the sections would only render empty
  // and disabled, then again with the case: a loader instead. A copy that cannot be read shows
  // the sections read-only with the reason in the header.
  const opening = deviceLoading && loadError == null;

  // The case keeps its own copy of the patient's name and birth date (spec 001 §3), so the
  // header and the report read it on a device that never saw the patient record.
  const recordName = patient ? patientDisplayName(patient) : null;
  const recordBirthDate =
    patient?.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate) ? patient.birthDate : null;
  // The level booked on the Appointment starts the case's, when the organisation allows it.
  const bookedLevel = appointment ? appointmentSedationLevel(appointment) : null;
  const startLevel =
    bookedLevel && isSedationLevelAllowed(bookedLevel, settings.sedationLevelLimit) ? bookedLevel : null;
  useEffect(() => {
    if (!doc || readOnly) return;
    // Read from the document itself: this render's values may predate the document's first read.
    if (recordName && recordName !== readField(doc, 'patientName')) setCasePatientName(recordName);
    if (recordBirthDate && recordBirthDate !== readField(doc, 'patientBirthDate')) setCaseBirthDate(recordBirthDate);
    // The setters write to the current document; only the values decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, readOnly, recordName, recordBirthDate, casePatientName, caseBirthDate]);

  const weightKg = typeof weight?.value === 'number' && weight.value > 0 ? weight.value : null;
  const heightCm = typeof height?.value === 'number' && height.value > 0 ? height.value : null;
  const birthDate =
    recordBirthDate ??
    (typeof caseBirthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(caseBirthDate) ? caseBirthDate : null);
  const patientName = recordName ?? (typeof casePatientName === 'string' ? casePatientName : null);
  const allergiesSummary = typeof allergies === 'string' ? allergies : null;
  const level = typeof sedationLevel === 'string' ? sedationLevel : null;
  const status = caseStatus(times.input, times.ivStart);
  const model = useMemo(
    () =>
      caseHeaderModel({
        patientName,
        birthDate,
        weightKg,
        heightCm,
        allergiesSummary,
        reportedAllergies,
        sedationLevel: level,
        status,
        now,
      }),
    [patientName, birthDate, weightKg, heightCm, allergiesSummary, reportedAllergies, level, status, now],
  );
  const ageYears = model.age == null ? null : Number.parseInt(model.age, 10);

  const { tempsInCelsius } = settings;
  const section: CaseSectionProps = useMemo(
    () => ({ doc, readOnly, context: { orgId, caseId: appointmentId, weightKg, ageYears, tempsInCelsius } }),
    [doc, readOnly, orgId, appointmentId, weightKg, ageYears, tempsInCelsius],
  );
  const showIv = ivEnabled === true;
  const showAirway = airwayEnabled === true;
  // Sections other features plug in (the ledger's with the drugInventory flag on, the report's).
  const shownPlugged = useMemo(
    () => plugged.filter((p) => p.shows?.(settings) ?? true).map((p) => ({ ...p, Component: pluggedMemo(p) })),
    [plugged, settings],
  );
  const links: CaseSectionLink[] = useMemo(
    () =>
      withPlugged<CaseSectionLink>(
        [
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
        ],
        shownPlugged,
        (p) => ({ id: p.id, label: p.label }),
      ),
    [showIv, showAirway, shownPlugged],
  );
  const timeline: Record<TimelineEventId, number | null> = useMemo(
    () => ({
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
    }),
    [times],
  );

  // `id`: the section's anchor for the navigation; `framed` sections carry it themselves once mounted.
  const builtIn: { id: string; framed?: true; content: ReactNode }[] = [
    {
      id: 'case-start',
      framed: true,
      content: (
        <Start
          {...section}
          settings={settings}
          primaryProviderName={practitionerName(primaryProvider) ?? user?.name ?? null}
          recordBirthDate={recordBirthDate}
          startedWhenOpened={times.times.caseStart != null}
          patientConsent={patientConsent}
        />
      ),
    },
    {
      id: 'case-health-history',
      framed: true,
      content: <History {...section} patientId={patientId} histories={histories} />,
    },
    { id: 'case-checks', framed: true, content: <Checks {...section} /> },
    { id: 'case-times', framed: true, content: <Times {...section} caseTimes={times} /> },
    { id: 'case-timeline', framed: true, content: <Timeline times={timeline} /> },
    { id: 'case-vitals', content: <Vitals {...section} /> },
    { id: 'case-drugs', content: <Drugs {...section} /> },
    {
      id: 'la-tracker',
      content: (
        <Tracker
          doc={doc}
          weightKg={weightKg}
          ageYears={ageYears}
          heightCm={heightCm}
          sex={patient?.gender ?? null}
          disabled={readOnly}
        />
      ),
    },
    ...(showIv ? [{ id: 'case-iv', content: <IvSites {...section} /> }] : []),
    ...(showAirway ? [{ id: 'case-airway', content: <Airways {...section} /> }] : []),
    { id: 'case-positions', content: <Positions {...section} /> },
    { id: 'case-waves', content: <Waves {...section} /> },
    { id: 'case-outcome', framed: true, content: <Outcome {...section} /> },
    { id: 'case-discharge', framed: true, content: <Discharge {...section} /> },
    { id: 'case-notes', framed: true, content: <Notes {...section} /> },
    {
      id: 'case-forms',
      framed: true,
      content: <Forms orgId={orgId} appointment={appointment ?? null} patient={patient ?? null} />,
    },
    {
      id: 'case-signoff',
      framed: true,
      content: (
        <SignoffChecks
          {...section}
          plannedSedationLevel={bookedLevel}
          sex={patient?.gender ?? null}
          policies={signoffPolicies}
          patientConsent={patientConsent}
        />
      ),
    },
    {
      id: 'case-signatures',
      framed: true,
      content: (
        <Signatures
          {...section}
          userName={user?.name ?? null}
          fullyAuthenticated={authStatus === 'full'}
          loadSavedSignature={authApi.fetchSignature}
          saveSignature={authApi.updateSignature}
        />
      ),
    },
  ];
  const sections = withPlugged(builtIn, shownPlugged, (p) => ({
    id: p.id,
    framed: true as const,
    content: <p.Component {...section} />,
  }));
  const mounted = useSectionsMounted(!opening, sections.length);

  const page = (
    <Stack gap="md">
      <BookedSedationLevel kase={kase} doc={doc} level={readOnly ? null : startLevel} />
      <CaseHeader
        model={model}
        caseState={kase}
        readOnlyReason={reason}
        sections={links}
        openOn={!opening && refused === 'FINALIZED' ? 'case-report' : null}
        notice={historyNotice}
      />
      {opening ? (
        <Center mih={200}>
          <Loader aria-label="Opening the case" />
        </Center>
      ) : (
        sections.map((s, i) => (
          <CaseSection key={s.id} id={s.framed ? undefined : s.id}>
            {i < mounted ? s.content : <div id={s.framed ? s.id : undefined} style={{ minHeight: 240 }} />}
          </CaseSection>
        ))
      )}
      {!opening && <div aria-hidden data-testid="case-end-room" style={END_ROOM_STYLE} />}
    </Stack>
  );
  return (
    <CaseLedgerProvider orgId={orgId} caseId={appointmentId} doc={doc} enabled={settings.drugInventory}>
      {page}
    </CaseLedgerProvider>
  );
}
