import { Center, Loader, Stack } from '@mantine/core';
import {
  appointmentActorId,
  appointmentSedationLevel,
  caseStatus,
  isSedationLevelAllowed,
  patientPhotoId,
  type Practitioner,
} from '@vigil/shared';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../session/SessionProvider.js';
import { readField, setField, useCaseValue, type CaseDoc } from '../../case/index.js';
import type { CaseDocument } from '../../sync/caseDocument.js';
import { useCaseState } from '../../sync/useCaseDocument.js';
import * as authApi from '../../session/api.js';
import { useLiveResourceEvents } from '../../data/db.js';
import { DischargeSection } from './discharge/DischargeSection.js';
import { HealthHistorySection } from './health-history/HealthHistorySection.js';
import { OutcomeSection, PreOpDetailsSection } from './case-details/PreOpDetailsSection.js';
import { usePatientRecordAllergies } from './header/usePatientRecordAllergies.js';
import { usePatientReportedAllergies } from './health-history/usePatientReportedAllergies.js';
import { useCaseHealthHistories } from './health-history/useCaseHealthHistories.js';
import { EventTimesSection } from './events/EventTimesSection.js';
import { useCaseTimes } from './events/useCaseTimes.js';
import { CaseHeader } from './header/CaseHeader.js';
import { ChangeAppointmentFromCase } from './header/ChangeAppointmentFromCase.js';
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
import { StartCaseSection } from './start/StartCaseSection.js';
import { CaseTimeline } from './timeline/CaseTimeline.js';
import { useSectionsMounted } from './useSectionsMounted.js';
import type { Appointment, Patient, PatientConsent, TimelineEventId } from '@vigil/shared';
import type { OrgCaseSettings } from '../../data/orgSettings.js';
import type { CaseHealthHistories } from './health-history/useCaseHealthHistories.js';
import type { CaseTimes } from './events/caseTimes.js';
import type { SignoffPolicies } from './signoff/SignoffChecksSection.js';
import {
  sectionLinks,
  timelineOf,
  historyNoticeText,
  useCaseHeader,
  useCasePatientCopy,
  useClockTick,
  useOpenCase,
  useSignoffPolicies,
} from './useCasePage.js';

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
/**
 * The organisation's live events the case screen applies to the device's cache (issue 35 item 13):
 * the Contract a patient signs on their phone (the consent line and SO3) and the Appointment whose
 * form task it completes (the Forms section). Not the rest: the case's own Composition comes back
 * at every pause in saving, and the screen reads the case from its document.
 */
const CASE_LIVE_TYPES = ['Contract', 'Appointment', 'AllergyIntolerance'] as const;

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

/** A section of the case screen: `id` is its anchor for the navigation; `framed` sections carry it themselves once mounted. */
interface CaseScreenSection {
  id: string;
  framed?: true;
  content: ReactNode;
}

/** What the built-in sections are given besides the section props. */
interface BuiltInSectionsInput {
  section: CaseSectionProps;
  settings: OrgCaseSettings;
  primaryProviderName: string | null;
  recordBirthDate: string | null;
  startedWhenOpened: boolean;
  patientConsent: PatientConsent | null;
  patientId: string | null;
  histories: CaseHealthHistories;
  times: CaseTimes;
  timeline: Record<TimelineEventId, number | null>;
  weightKg: number | null;
  heightCm: number | null;
  ageYears: number | null;
  showIv: boolean;
  showAirway: boolean;
  appointment: Appointment | null;
  patient: Patient | null;
  bookedLevel: string | null;
  signoffPolicies: SignoffPolicies | null;
  userName: string | null;
  fullyAuthenticated: boolean;
}

/** The case screen's own sections, in page order (the plugged ones go in with withPlugged). */
function builtInSections(p: BuiltInSectionsInput): CaseScreenSection[] {
  return [
    {
      id: 'case-start',
      framed: true,
      content: (
        <Start
          {...p.section}
          settings={p.settings}
          primaryProviderName={p.primaryProviderName}
          recordBirthDate={p.recordBirthDate}
          startedWhenOpened={p.startedWhenOpened}
          patientConsent={p.patientConsent}
        />
      ),
    },
    {
      id: 'case-health-history',
      framed: true,
      content: <History {...p.section} patientId={p.patientId} histories={p.histories} />,
    },
    { id: 'case-checks', framed: true, content: <Checks {...p.section} /> },
    { id: 'case-times', framed: true, content: <Times {...p.section} caseTimes={p.times} /> },
    { id: 'case-timeline', framed: true, content: <Timeline times={p.timeline} /> },
    { id: 'case-vitals', content: <Vitals {...p.section} /> },
    { id: 'case-drugs', content: <Drugs {...p.section} /> },
    {
      id: 'la-tracker',
      content: (
        <Tracker
          doc={p.section.doc}
          weightKg={p.weightKg}
          ageYears={p.ageYears}
          heightCm={p.heightCm}
          sex={p.patient?.gender ?? null}
          disabled={p.section.readOnly}
        />
      ),
    },
    ...(p.showIv ? [{ id: 'case-iv', content: <IvSites {...p.section} /> }] : []),
    ...(p.showAirway ? [{ id: 'case-airway', content: <Airways {...p.section} /> }] : []),
    { id: 'case-positions', content: <Positions {...p.section} /> },
    { id: 'case-waves', content: <Waves {...p.section} /> },
    { id: 'case-outcome', framed: true, content: <Outcome {...p.section} /> },
    { id: 'case-discharge', framed: true, content: <Discharge {...p.section} /> },
    { id: 'case-notes', framed: true, content: <Notes {...p.section} /> },
    {
      id: 'case-forms',
      framed: true,
      content: <Forms orgId={p.section.context.orgId} appointment={p.appointment} patient={p.patient} />,
    },
    {
      id: 'case-signoff',
      framed: true,
      content: (
        <SignoffChecks
          {...p.section}
          plannedSedationLevel={p.bookedLevel}
          sex={p.patient?.gender ?? null}
          policies={p.signoffPolicies}
          patientConsent={p.patientConsent}
        />
      ),
    },
    {
      id: 'case-signatures',
      framed: true,
      content: (
        <Signatures
          {...p.section}
          userName={p.userName}
          fullyAuthenticated={p.fullyAuthenticated}
          loadSavedSignature={authApi.fetchSignature}
          saveSignature={authApi.updateSignature}
        />
      ),
    },
  ];
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
  const { kase, deviceLoading, loadError, refused, schema, doc } = useOpenCase(orgId, appointmentId, user, session);
  const settings = useOrgCaseSettings(orgId);
  const signoffPolicies = useSignoffPolicies(orgId, settings.policies);
  const { appointment, patient, primaryProvider } = useCaseAppointment(orgId, appointmentId);
  const [ivEnabled] = useCaseValue<boolean>(doc, 'ivEnabled');
  const [airwayEnabled] = useCaseValue<boolean>(doc, 'airwayEnabled');
  const times = useCaseTimes(doc);
  const now = useClockTick();

  const patientId = appointment ? appointmentActorId(appointment, 'Patient') : null;
  const histories = useCaseHealthHistories(orgId, patientId, now);
  // A consent the patient signed on their phone (issue 35 item 13): shown with the checklist, records SO3.
  const patientConsent = usePatientConsent(orgId, appointmentId, patientId);
  useLiveResourceEvents(orgId, CASE_LIVE_TYPES);
  const reportedAllergies = usePatientReportedAllergies(orgId, patientId);
  const recordAllergies = usePatientRecordAllergies(orgId, patientId);
  const photoId = patient ? patientPhotoId(patient) : null;
  const photo = useMemo(() => (photoId ? { orgId, photoId } : null), [orgId, photoId]);
  const historyNotice = refused === 'FINALIZED' ? null : historyNoticeText(histories.notice);

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

  const { recordBirthDate, patientName, birthDate } = useCasePatientCopy(doc, readOnly, patient);
  // The level booked on the Appointment starts the case's, when the organisation allows it.
  const bookedLevel = appointment ? appointmentSedationLevel(appointment) : null;
  const startLevel =
    bookedLevel && isSedationLevelAllowed(bookedLevel, settings.sedationLevelLimit) ? bookedLevel : null;

  const { model, weightKg, heightCm, ageYears } = useCaseHeader(doc, {
    patientName,
    birthDate,
    reportedAllergies,
    recordAllergies,
    status: caseStatus(times.input, times.ivStart),
    now,
  });

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
  const links = useMemo(() => sectionLinks(showIv, showAirway, shownPlugged), [showIv, showAirway, shownPlugged]);
  const timeline = useMemo(() => timelineOf(times), [times]);

  const builtIn = builtInSections({
    section,
    settings,
    primaryProviderName: practitionerName(primaryProvider) ?? user?.name ?? null,
    recordBirthDate,
    startedWhenOpened: times.times.caseStart != null,
    patientConsent,
    patientId,
    histories,
    times,
    timeline,
    weightKg,
    heightCm,
    ageYears,
    showIv,
    showAirway,
    appointment: appointment ?? null,
    patient: patient ?? null,
    bookedLevel,
    signoffPolicies,
    userName: user?.name ?? null,
    fullyAuthenticated: authStatus === 'full',
  });
  const sections = withPlugged(builtIn, shownPlugged, (p) => ({
    id: p.id,
    framed: true as const,
    content: <p.Component {...section} />,
  }));
  const mounted = useSectionsMounted(!opening, sections.length);

  const page = (
    <Stack gap="md">
      <BookedSedationLevel kase={kase} doc={doc} level={readOnly ? null : startLevel} />
      <ChangeAppointmentFromCase
        orgId={orgId}
        appointment={appointment}
        locked={readOnly || times.times.caseStart != null}
      />
      <CaseHeader
        model={model}
        caseState={kase}
        readOnlyReason={reason}
        sections={links}
        openOn={!opening && refused === 'FINALIZED' ? 'case-report' : null}
        notice={historyNotice}
        photo={photo}
      />
      {opening ? (
        <Center mih={200}>
          <Loader aria-label="Opening the case" />
        </Center>
      ) : (
        sections.map((s, i) => (
          <CaseSection key={s.id} id={s.framed ? undefined : s.id}>
            {i < mounted ? (
              s.content
            ) : (
              <div id={s.framed ? s.id : undefined} data-section-placeholder style={{ minHeight: 240 }} />
            )}
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
