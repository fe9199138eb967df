import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  HEALTH_HISTORY_STATUS_PILLS,
  copyHistoryIntoCase,
  defaultCaseHistory,
  historyAlertCount,
  type HealthHistoryStatus,
  type RankedHistory,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { changeCase, readCase, useCaseValue, type CaseDoc } from '../../../case/index.js';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { LightGroup, LightText } from '../../../ui/LightLayout.js';
import type { CaseSectionProps } from '../caseSection.js';
import { isoDate } from '../../../ui/format.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { newHealthHistory } from './api.js';
import { CaseAirwayExam } from './CaseAirwayExam.js';
import { CaseHistoryFields } from './CaseHistoryFields.js';
import { HISTORY_FIELD_LABELS } from './labels.js';
import { PregnancyFields } from './PregnancyFields.js';
import type { CaseHealthHistories } from './useCaseHealthHistories.js';

/** Pill colours: signed and current green, signed earlier grey, outdated orange, unsigned yellow. */
export const PILL_COLOURS: Readonly<Record<HealthHistoryStatus, string>> = {
  mostRecent: 'green',
  previous: 'gray',
  outdated: 'orange',
  inProgress: 'yellow',
};

export interface HealthHistorySectionProps extends CaseSectionProps {
  /** The case's patient, once known from its Appointment. */
  patientId: string | null;
  histories: CaseHealthHistories;
  /** Starts a history from the case (newHhx); injectable for tests. */
  startHistory?: typeof newHealthHistory;
}

function signedText(h: RankedHistory): string {
  const t = h.data.finalReportSignatureTime;
  const name = typeof h.data.finalReportSignerName === 'string' ? h.data.finalReportSignerName : null;
  const at = typeof t === 'number' || typeof t === 'string' ? new Date(t) : null;
  if (!at || Number.isNaN(at.getTime())) return 'Not signed';
  return `Signed by ${name ?? 'unknown'} on ${isoDate(at.getTime())}`;
}

/** Writes a copy into the case in one transaction (one save, one undo step). */
function applyCopy(
  doc: CaseDoc,
  historyId: string,
  history: RankedHistory['data'],
): ReturnType<typeof copyHistoryIntoCase> {
  const copy = copyHistoryIntoCase(historyId, history, readCase(doc));
  changeCase(doc, (c) => {
    for (const [k, v] of Object.entries(copy.set)) c.set(k, v);
    for (const k of copy.remove) c.delete(k);
  });
  return copy;
}

function HistoryCard({
  h,
  used,
  orgId,
  patientId,
  disabled,
  onUse,
}: {
  h: RankedHistory;
  used: boolean;
  orgId: string;
  patientId: string;
  disabled: boolean;
  onUse: (h: RankedHistory) => void;
}): ReactNode {
  const pill = HEALTH_HISTORY_STATUS_PILLS[h.pill];
  const alerts = historyAlertCount(h.data);
  return (
    <Paper withBorder p="sm" data-testid="case-history" aria-label={`Health history ${pill}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <LightGroup gap="xs" wrap="wrap">
          <Badge color={PILL_COLOURS[h.pill]} variant="light" data-testid="case-history-pill">
            {pill}
          </Badge>
          <Badge color={alerts > 0 ? 'red' : 'gray'} variant="outline" data-testid="case-history-alerts">
            {alerts === 1 ? '1 medical alert' : `${alerts} medical alerts`}
          </Badge>
          {used && (
            <Badge color="blue" variant="filled">
              Used by this case
            </Badge>
          )}
        </LightGroup>
        <LightGroup gap="xs">
          <LightButton variant="light" size="sm" disabled={disabled} onClick={() => onUse(h)}>
            {used ? 'Copy again into the case' : 'Use in this case'}
          </LightButton>
          <Link
            to={`/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patientId)}/health-histories/${encodeURIComponent(h.id)}`}
            style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}
          >
            Open health history
          </Link>
        </LightGroup>
      </Group>
      <LightText size="sm" c="dimmed">
        {signedText(h)} · Last updated {h.updatedAt > 0 ? isoDate(h.updatedAt) : 'unknown'}
      </LightText>
    </Paper>
  );
}

/**
 * The case's Health history section (issue 27; spec 001 §3, §4; spec 002 §4): the patient's
 * histories with their status pills, alert counts, signer and last update, the one the case uses
 * (the current one by default, HX3), copying it into the case by where each field is saved (HX1,
 * HX2), starting a history from the case (newHhx, then the editor), the fields the case keeps
 * from the history, and the day-of pregnancy and breastfeeding answers (local fields).
 */
export function HealthHistorySection({
  doc,
  readOnly,
  context,
  patientId,
  histories,
  startHistory = newHealthHistory,
}: HealthHistorySectionProps): ReactNode {
  const navigate = useNavigate();
  const [usedId] = useCaseValue<string>(doc, 'healthHistoryId');
  const [result, setResult] = useState<string | null>(null);
  const [starting, setStarting] = useState<'idle' | 'starting' | 'failed'>('idle');
  const suggested = defaultCaseHistory(histories.histories);
  const used = histories.histories.find((h) => h.id === usedId) ?? null;
  const reference = used ?? suggested;

  const use = (h: RankedHistory): void => {
    if (!doc || readOnly) return;
    const copy = applyCopy(doc, h.id, h.data);
    const changed = Object.keys(copy.set).filter((k) => k !== 'healthHistoryId').length + copy.remove.length;
    const kept = copy.kept.map((f) => HISTORY_FIELD_LABELS[f]).join(', ');
    setResult(
      `Copied from the health history: ${changed === 1 ? '1 field' : `${changed} fields`} changed.` +
        (kept ? ` The case keeps its own ${kept} (charted on the case).` : ''),
    );
  };

  const start = (): void => {
    if (!patientId) return;
    setStarting('starting');
    startHistory(context.orgId, patientId, context.caseId).then(
      (id) =>
        void navigate(
          `/org/${encodeURIComponent(context.orgId)}/patients/${encodeURIComponent(patientId)}/health-histories/${encodeURIComponent(id)}`,
        ),
      () => setStarting('failed'),
    );
  };

  const startButton = (
    <LightButton variant="light" size="sm" disabled={readOnly || !patientId || starting === 'starting'} onClick={start}>
      {starting === 'starting' ? 'Starting…' : 'Start health history from this case'}
    </LightButton>
  );

  return (
    <SectionFrame id="case-health-history" title="Health history" aside={startButton}>
      {starting === 'failed' && (
        <LightText size="sm" c="red.8" role="alert">
          The health history could not be started. Check the connection and try again.
        </LightText>
      )}
      {histories.error && (
        <LightText size="sm" c="red.8" role="alert">
          Health histories could not be loaded ({histories.error}).
        </LightText>
      )}
      {histories.loading && !histories.error ? (
        <LightText size="sm" c="dimmed">
          Loading health histories…
        </LightText>
      ) : histories.histories.length === 0 && !histories.error ? (
        <LightText size="sm" data-testid="case-history-none">
          This patient has no health history yet. Start one from this case to record the pre-sedation assessment.
        </LightText>
      ) : (
        <Stack gap="xs" role="list" aria-label="Health histories">
          {histories.histories.map((h) => (
            <div role="listitem" key={h.id}>
              <HistoryCard
                h={h}
                used={h.id === usedId}
                orgId={context.orgId}
                patientId={patientId ?? ''}
                disabled={readOnly || !doc}
                onUse={use}
              />
            </div>
          ))}
        </Stack>
      )}
      {result && (
        <Text size="sm" role="status" data-testid="case-history-copied">
          {result}
        </Text>
      )}
      {usedId && <CaseHistoryFields doc={doc} />}
      <CaseAirwayExam doc={doc} readOnly={readOnly} />
      <PregnancyFields
        doc={doc}
        readOnly={readOnly}
        historyPregnant={reference?.data.pregnant}
        historyBreastfeeding={reference?.data.breastfeeding}
      />
    </SectionFrame>
  );
}
