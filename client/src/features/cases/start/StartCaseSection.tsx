import { Alert, Title } from '@mantine/core';
import {
  isSedationLevelAllowed,
  isOneOf,
  SEDATION_LEVEL_LABELS,
  SEDATION_LEVELS,
  type PatientConsent,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { LightStack, LightText } from '../../../ui/LightLayout.js';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { LabelledSegments } from '../../../ui/kit/LabelledSegments.js';
import type { OrgCaseSettings } from '../../../data/orgSettings.js';
import type { CaseSectionProps } from '../caseSection.js';
import { ChartingSwitches, PatientFields, PreOpChecklist, ProcedureFields, TeamFields } from './StartCaseFields.js';
import { useCarryMeasurements, useCasePatientId, usePatientCarriedMeasurements } from './useCarriedMeasurements.js';
import { useCaseValue } from '../../../case/index.js';
import { useOfficeChecklists } from './useOfficeChecklists.js';
import { CopyCaseData } from './CopyCaseData.js';
import { ASA_OPTIONS, sedationLevelNotAllowedText, sedationLevelOptions } from './startCase.js';

export interface StartCaseSectionProps extends CaseSectionProps {
  settings: OrgCaseSettings;
  /** The appointment's primary provider, else the signed-in user (spec 001 §6). */
  primaryProviderName: string | null;
  /** The birth date on the patient record, when known (the case keeps its own copy otherwise). */
  recordBirthDate: string | null;
  /** The case had started (its case start time set) when the screen opened: the details open folded. */
  startedWhenOpened: boolean;
  /** The consent the patient signed for the case on the patient link (usePatientConsent), shown with the checklist. */
  patientConsent?: PatientConsent | null;
}

/** The folded section's one line: level, ASA and procedure, as far as they are charted. */
export function startSummary(level: string, asa: string, procedure: string): string {
  const levelLabel = isOneOf(SEDATION_LEVELS, level) ? SEDATION_LEVEL_LABELS[level] : 'No sedation level';
  const asaLabel = ASA_OPTIONS.find((o) => o.value === asa)?.label;
  return [levelLabel, asaLabel ? `ASA ${asaLabel}` : null, procedure.trim() || null].filter(Boolean).join(' · ');
}

const DETAILS_ID = 'case-start-details';

/**
 * "Start case" (issue 8): sedation level within the organisation's limit (spec 000 §3, spec 002
 * §5), the user's role and the names it decides (spec 001 §6), procedure, reason for sedation,
 * last food and drink, ASA, pre-procedure risk assessment, timeout, pre-op checklist and the
 * case switches (spec 001 §3).
 */
export function StartCaseSection({
  doc,
  readOnly,
  context,
  settings,
  primaryProviderName,
  recordBirthDate,
  startedWhenOpened,
  patientConsent = null,
}: StartCaseSectionProps): ReactNode {
  // A case under way opens on what is happening now: its pre-op details fold to one line (the
  // header keeps patient, weight, allergies and level in view); a case not yet started opens them.
  const [open, setOpen] = useState(!startedWhenOpened);
  const [procedure] = useCaseValue<string>(doc, 'procedure');
  const [level, setLevel] = useCaseValue<string>(doc, 'sedationLevel');
  const [asa] = useCaseValue<string>(doc, 'asaClassification');
  const [newItem, setNewItem] = useState('');
  // The patient's latest weight and height come into a case without them (issue 25).
  const patientId = useCasePatientId(context.orgId, context.caseId);
  const carried = usePatientCarriedMeasurements(context.orgId, patientId);
  useCarryMeasurements(doc, readOnly, carried);
  // A case this device just created starts with the office's checklists (issue 39).
  useOfficeChecklists(doc, context.orgId, context.caseId, readOnly || startedWhenOpened);
  const levelValue = typeof level === 'string' ? level.toLowerCase() : '';
  const levelAllowed = isSedationLevelAllowed(levelValue, settings.sedationLevelLimit);

  const notAllowed = levelValue !== '' && !levelAllowed && (
    <Alert color="orange" role="alert">
      {sedationLevelNotAllowedText(levelValue, settings.sedationLevelLimit)}
    </Alert>
  );
  const toggle = (
    <LightButton
      variant="subtle"
      aria-expanded={open}
      aria-controls={open ? DETAILS_ID : undefined}
      onClick={() => setOpen((o) => !o)}
    >
      {open ? 'Hide details' : 'Show details'}
    </LightButton>
  );
  if (!open) {
    return (
      <SectionFrame id="case-start" title="Start case" aside={toggle}>
        <LightText size="sm" data-testid="start-summary">
          {startSummary(levelValue, typeof asa === 'string' ? asa : '', typeof procedure === 'string' ? procedure : '')}
        </LightText>
        {notAllowed}
      </SectionFrame>
    );
  }

  return (
    <SectionFrame id="case-start" title="Start case" aside={toggle}>
      <LightStack gap="md" id={DETAILS_ID}>
        <LabelledSegments
          label="Sedation level"
          fullWidth
          value={levelValue}
          disabled={readOnly}
          data={sedationLevelOptions(settings.sedationLevelLimit)}
          onChange={(v) => setLevel(v)}
        />
        {notAllowed}
        {settings.copyCaseData && !startedWhenOpened && (
          <CopyCaseData doc={doc} orgId={context.orgId} caseId={context.caseId} disabled={readOnly} />
        )}

        <Title order={3} size="h5">
          Patient
        </Title>
        <PatientFields doc={doc} readOnly={readOnly} recordBirthDate={recordBirthDate} />

        <Title order={3} size="h5">
          Team
        </Title>
        <TeamFields doc={doc} readOnly={readOnly} settings={settings} primaryProviderName={primaryProviderName} />

        <Title order={3} size="h5">
          Procedure
        </Title>
        <ProcedureFields doc={doc} readOnly={readOnly} />

        <Title order={3} size="h5">
          Pre-op checklist
        </Title>
        <PreOpChecklist
          doc={doc}
          readOnly={readOnly}
          orgId={context.orgId}
          patientConsent={patientConsent}
          newItem={newItem}
          setNewItem={setNewItem}
        />

        <Title order={3} size="h5">
          Charting
        </Title>
        <ChartingSwitches doc={doc} readOnly={readOnly} />
      </LightStack>
    </SectionFrame>
  );
}
