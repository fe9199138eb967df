import { BREASTFEEDING_ANSWERS, PREGNANCY_ANSWERS, answerLabel, isYesAnswer } from '@vigil/shared';
import type { ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { LabelledSegments } from '../../../ui/kit/LabelledSegments.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { Stack } from '@mantine/core';
import { LightText } from '../../../ui/LightLayout.js';
import { useCaseValue } from '../../../case/index.js';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export interface PregnancyFieldsProps {
  doc: CaseDoc | undefined;
  readOnly: boolean;
  /** The health history's answers, shown beside the case's as a reference (never copied: HX1 local). */
  historyPregnant?: unknown;
  historyBreastfeeding?: unknown;
}

/**
 * Pregnancy and breastfeeding, asked on the day of sedation (spec 001 §3; HX1 local, CF3): the
 * answer, then the detail or whether breastfeeding instructions were given on a yes.
 */
export function PregnancyFields({
  doc,
  readOnly,
  historyPregnant,
  historyBreastfeeding,
}: PregnancyFieldsProps): ReactNode {
  const [pregnant, setPregnant] = useCaseValue<string | boolean>(doc, 'pregnant');
  const [detail, setDetail] = useCaseValue<string>(doc, 'pregnancyDetail');
  const [breastfeeding, setBreastfeeding] = useCaseValue<string | boolean>(doc, 'breastfeeding');
  const [instructions, setInstructions] = useCaseValue<boolean>(doc, 'breastfeedingInstructionsGiven');
  const coded = (v: unknown): string => (v === true ? 'y' : v === false ? 'n' : typeof v === 'string' ? v : '');
  const fromHistory = (v: unknown): string | undefined => {
    const label = answerLabel(v);
    return label ? `Health history: ${label}` : undefined;
  };
  return (
    <Stack gap="xs" role="group" aria-label="Pregnancy and breastfeeding">
      <LightText size="sm" c="dimmed">
        Asked on the day of sedation:
      </LightText>
      <LabelledSegments
        label="Pregnant"
        value={coded(pregnant)}
        data={PREGNANCY_ANSWERS.map((a) => ({ ...a }))}
        disabled={readOnly}
        onChange={(v) => setPregnant(v)}
      />
      {fromHistory(historyPregnant) && (
        <LightText size="xs" c="dimmed" data-testid="history-pregnant">
          {fromHistory(historyPregnant)}
        </LightText>
      )}
      {isYesAnswer(pregnant) && (
        <LightTextInput
          label="Pregnancy detail"
          placeholder="Weeks, obstetrician cleared…"
          value={typeof detail === 'string' ? detail : ''}
          disabled={readOnly}
          onChange={(e) => setDetail(e.currentTarget.value || null)}
        />
      )}
      <LabelledSegments
        label="Breastfeeding"
        value={coded(breastfeeding)}
        data={BREASTFEEDING_ANSWERS.map((a) => ({ ...a }))}
        disabled={readOnly}
        onChange={(v) => setBreastfeeding(v)}
      />
      {fromHistory(historyBreastfeeding) && (
        <LightText size="xs" c="dimmed" data-testid="history-breastfeeding">
          {fromHistory(historyBreastfeeding)}
        </LightText>
      )}
      {isYesAnswer(breastfeeding) && (
        <LabelledSegments
          label="Breastfeeding instructions given"
          value={instructions === true ? 'yes' : instructions === false ? 'no' : ''}
          data={YES_NO}
          disabled={readOnly}
          onChange={(v) => setInstructions(v === 'yes')}
        />
      )}
    </Stack>
  );
}
