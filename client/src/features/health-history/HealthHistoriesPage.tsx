import { Anchor } from '@mantine/core';
import { patientDisplayName } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLiveResourceEvents } from '../../data/db.js';
import { Page } from '../../ui/Page.js';
import { useOrgCaseSettings } from '../../data/orgSettings.js';
import { usePatient } from '../../data/patients.js';
import { HealthHistoryEditor } from './HealthHistoryEditor.js';
import { HealthHistorySummary } from './HealthHistorySummary.js';
import {
  useCanSign,
  useHealthHistoryDocument,
  useOrgUnits,
  usePatientHealthHistories,
  type PatientHealthHistories,
} from './hooks.js';

/**
 * /org/{orgId}/patients/{patientId}/health-histories[/{healthHistoryId}]: the patient's Health
 * History summary, with the editor dialog open over it for a history's route (spec 002 §2).
 */
export function HealthHistoriesPage(): ReactNode {
  const { orgId = '', patientId = '', healthHistoryId } = useParams();
  useLiveResourceEvents(orgId);
  const patient = usePatient(orgId, patientId).data;
  const [round, setRound] = useState(0);
  const histories = usePatientHealthHistories(orgId, patientId, Date.now() + round);
  const name = patient ? patientDisplayName(patient) : null;
  return (
    <Page title={name ? `Health History · ${name}` : 'Health History'}>
      <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patientId)}`}>
        Back to the patient
      </Anchor>
      <HealthHistorySummary orgId={orgId} histories={histories} />
      {healthHistoryId && (
        <EditorRoute
          key={healthHistoryId}
          orgId={orgId}
          patientId={patientId}
          healthHistoryId={healthHistoryId}
          birthDate={patient?.birthDate ?? null}
          histories={histories}
          onFinalized={() => setRound((n) => n + 1)}
        />
      )}
    </Page>
  );
}

function EditorRoute(props: {
  orgId: string;
  patientId: string;
  healthHistoryId: string;
  birthDate: string | null;
  histories: PatientHealthHistories;
  onFinalized: () => void;
}): ReactNode {
  const { orgId, patientId, healthHistoryId, histories } = props;
  const navigate = useNavigate();
  const document = useHealthHistoryDocument(orgId, healthHistoryId);
  const settings = useOrgCaseSettings(orgId);
  const canSign = useCanSign(orgId);
  const units = useOrgUnits(orgId);
  const known = histories.cards.some((c) => c.id === healthHistoryId);
  const lookup =
    known || histories.state === 'fetching'
      ? { state: known ? ('found' as const) : ('fetching' as const), message: null }
      : histories.state === 'error'
        ? { state: 'error' as const, message: histories.error }
        : { state: 'notFound' as const, message: null };
  return (
    <HealthHistoryEditor
      document={document}
      lookup={lookup}
      healthHistoryId={healthHistoryId}
      context={{
        orgId,
        patientId,
        birthDate: props.birthDate,
        heightUnit: units.heightUnit,
        weightUnit: units.weightUnit,
        tempsInCelsius: settings.tempsInCelsius,
        canSign,
      }}
      onClose={() =>
        void navigate(`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patientId)}/health-histories`)
      }
      onFinalized={props.onFinalized}
    />
  );
}
