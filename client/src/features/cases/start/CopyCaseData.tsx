import { Group, Stack, Title } from '@mantine/core';
import {
  ANESTHESIA_RECORD_TYPE,
  copiedCaseValues,
  recentCases,
  recentPreMeds,
  type Composition,
  type PatientCase,
} from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { addRecentPreMed, copyCaseValues, type CaseDoc } from '../../../case/index.js';
import { cachedOfType, cacheResources, useDexieQuery } from '../../../data/db.js';
import { fhirClient } from '../../../data/fhir.js';
import { healthHistoryContent } from '../../../data/healthHistories.js';
import { useRefresh } from '../../../data/useResources.js';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { LightText } from '../../../ui/LightLayout.js';
import { clockDateTime } from '../../../ui/format.js';
import { useCasePatientId } from './useCarriedMeasurements.js';

const isAnesthesiaRecord = (c: Composition): boolean =>
  (c.type.coding ?? []).some(
    (t) => t.system === ANESTHESIA_RECORD_TYPE.system && t.code === ANESTHESIA_RECORD_TYPE.code,
  );

/** The patient's anesthesia records on this device as the look-up reads them (content from the server's projection). */
export function patientCases(compositions: readonly Composition[], patientId: string): PatientCase[] {
  return compositions
    .filter((c) => isAnesthesiaRecord(c) && c.status !== 'entered-in-error')
    .filter((c) => c.subject?.reference === `Patient/${patientId}`)
    .flatMap((c) => {
      const at = Date.parse(c.date);
      return c.id && Number.isFinite(at) ? [{ id: c.id, at, data: healthHistoryContent(c) }] : [];
    });
}

/**
 * The patient's cases of the look-up (CC2: the last 30 days) from the device's cache, refreshed
 * from the server once per patient; [] until read or without a patient.
 */
function useRecentPatientCases(orgId: string, caseId: string, now: number): PatientCase[] {
  const patientId = useCasePatientId(orgId, caseId);
  const all = useDexieQuery(() => cachedOfType(orgId, 'Composition'), `compositions|${orgId}`);
  useRefresh(`copy-case-data|${orgId}|${patientId ?? ''}`, async () => {
    if (!patientId) return;
    const type = `${ANESTHESIA_RECORD_TYPE.system}|${ANESTHESIA_RECORD_TYPE.code}`;
    await cacheResources(
      orgId,
      await fhirClient(orgId).fetchAll('Composition', { subject: `Patient/${patientId}`, type }),
    );
  });
  return useMemo(
    () => (all && patientId ? recentCases(patientCases(all, patientId), caseId, now) : []),
    [all, patientId, caseId, now],
  );
}

export interface CopyCaseDataPanelProps {
  doc: CaseDoc | undefined;
  /** The patient's cases of the look-up, newest first (recentCases). */
  recent: readonly PatientCase[];
  disabled: boolean;
  now: () => number;
}

/**
 * What a new case may take from the patient's recent cases (issue 39): the copied values of the
 * newest one (CC1; never a signature or a time, never over what this case has), and each recent
 * pre-med (CC2), added at the time it is added.
 */
export function CopyCaseDataPanel({ doc, recent, disabled, now }: CopyCaseDataPanelProps): ReactNode {
  const [copied, setCopied] = useState<number | null>(null);
  const earlier = recent[0];
  const values = useMemo(() => (earlier ? copiedCaseValues(earlier.data) : {}), [earlier]);
  const preMeds = useMemo(() => recentPreMeds(recent), [recent]);
  if (!earlier) return null;
  const count = Object.keys(values).length;
  return (
    <Stack gap="xs" role="group" aria-label="Earlier cases of this patient">
      <Title order={3} size="h5">
        Earlier case
      </Title>
      <Group gap="sm">
        <LightText size="sm">
          Case of {clockDateTime(earlier.at)}: {count} value{count === 1 ? '' : 's'} to copy.
        </LightText>
        <LightButton
          variant="light"
          disabled={disabled || !doc || count === 0}
          onClick={() => doc && setCopied(copyCaseValues(doc, values).length)}
        >
          Copy from the earlier case
        </LightButton>
        {copied !== null && (
          <p role="status" style={{ margin: 0, fontSize: 'var(--mantine-font-size-sm)' }}>
            {copied === 0 ? 'Nothing to copy: this case has those values.' : `Copied ${copied} values.`}
          </p>
        )}
      </Group>
      {preMeds.length > 0 && (
        <Stack gap={4}>
          <LightText size="sm" fw={500}>
            Pre-meds in the last 30 days
          </LightText>
          {preMeds.map((p) => (
            <Group key={`${p.drugId}|${p.route}|${p.dosage}|${p.unit}`} gap="sm">
              <LightText size="sm">
                {p.drugName} {p.dosage} {p.unit} {p.route}
                {p.givenAt !== null ? ` (${clockDateTime(p.givenAt)})` : ''}
              </LightText>
              <LightButton
                variant="subtle"
                disabled={disabled || !doc}
                aria-label={`Add pre-med ${p.drugName} ${p.dosage} ${p.unit}`}
                onClick={() => doc && addRecentPreMed(doc, p, now())}
              >
                Add
              </LightButton>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The panel for a case not yet started, mounted while the office's copyCaseData flag is on (spec 000 §3). */
export function CopyCaseData({
  doc,
  orgId,
  caseId,
  disabled,
  now = Date.now,
}: {
  doc: CaseDoc | undefined;
  orgId: string;
  caseId: string;
  disabled: boolean;
  now?: () => number;
}): ReactNode {
  // The look-up's day is taken once: the panel does not move while it is open.
  const [today] = useState(now);
  const recent = useRecentPatientCases(orgId, caseId, today);
  return <CopyCaseDataPanel doc={doc} recent={recent} disabled={disabled} now={now} />;
}
