import { SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { LabelledSegments } from '../../../ui/kit/LabelledSegments.js';
import type { CaseSectionProps } from '../caseSection.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { useCaseValue } from '../../../case/index.js';
import { IntegerCaseField } from './IntegerCaseField.js';
import { OperativeChecks } from './OperativeChecks.js';
import { ReferralFields } from './ReferralFields.js';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A yes/no of the case root, unanswered until chosen. */
function CaseYesNo({
  doc,
  field,
  label,
  disabled,
}: {
  doc: CaseSectionProps['doc'];
  field: string;
  label: string;
  disabled: boolean;
}): ReactNode {
  const [value, setValue] = useCaseValue<boolean>(doc, field);
  return (
    <LabelledSegments
      label={label}
      value={value === true ? 'yes' : value === false ? 'no' : ''}
      data={YES_NO}
      disabled={disabled}
      onChange={(v) => setValue(v === 'yes')}
    />
  );
}

/**
 * Referral and operative checks (spec 001 §3: rfr, startedOnRoomAir, optChecks): who referred the
 * patient, whether the case started on room air, and the checks done in the operatory.
 */
export function PreOpDetailsSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  return (
    <SectionFrame id="case-checks" title="Referral and operative checks">
      <ReferralFields doc={doc} disabled={readOnly} />
      <CaseYesNo doc={doc} field="startedOnRoomAir" label="Started on room air" disabled={readOnly} />
      <Title order={3} size="h5">
        Operative checks
      </Title>
      <OperativeChecks doc={doc} disabled={readOnly} />
    </SectionFrame>
  );
}

/**
 * The case's outcome fields (spec 001 §3, §5): estimated blood loss and the final room-air SpO2,
 * positive integers (CF1), and the other local anesthetics given (spec 002 §3 report data), all
 * printed with the discharge score.
 */
export function OutcomeSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const [others, setOthers] = useCaseValue<string>(doc, 'otherLocalAnesthetics');
  return (
    <SectionFrame id="case-outcome" title="Outcome">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IntegerCaseField doc={doc} field="ebl" label="Estimated blood loss (mL)" disabled={readOnly} />
        <IntegerCaseField
          doc={doc}
          field="finalRoomAirSpO2"
          label="Final room air SpO2 (%)"
          disabled={readOnly}
          description="On room air before discharge"
        />
      </SimpleGrid>
      <GrowingTextarea
        label="Other local anesthetics"
        description="Topical or other local anesthetics not charted in the L.A. tracker"
        minRows={2}
        size="md"
        // A list an older build wrote stays printed as it is; this field edits the text.
        value={typeof others === 'string' ? others : ''}
        disabled={readOnly || (others != null && typeof others !== 'string')}
        onChange={(e) => setOthers(e.currentTarget.value || null)}
      />
    </SectionFrame>
  );
}
