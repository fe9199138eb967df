import type { ReactNode } from 'react';
import { SummaryText, TabFrame } from './parts.js';
import type { HhxTabProps } from './types.js';

/** The anesthesia history quick value, counted as none (HH1). */
export const NO_KNOWN_ANESTHESIA_COMPLICATIONS = 'No known anesthesia complications';

/**
 * Surgical (spec 002 §3, §5): non-surgical hospitalizations, past surgeries, the patient's and the
 * family's anesthesia histories, each with a quick negative answer counted as none (HH1).
 */
export function SurgicalTab({ data, set, readOnly, enteredElsewhere }: HhxTabProps): ReactNode {
  const required = !enteredElsewhere;
  return (
    <TabFrame title="Surgical">
      <SummaryText
        label="Non-surgical hospitalizations"
        field="hospitalizationSummary"
        required={required}
        value={data.hospitalizationSummary}
        quick={['None']}
        disabled={readOnly}
        onChange={(v) => set({ hospitalizationSummary: v })}
      />
      <SummaryText
        label="Past surgical history"
        field="surgicalHistorySummary"
        required={required}
        value={data.surgicalHistorySummary}
        quick={['None']}
        disabled={readOnly}
        onChange={(v) => set({ surgicalHistorySummary: v })}
      />
      <SummaryText
        label="Anesthesia history"
        field="anesthesiaHistorySummary"
        required={required}
        value={data.anesthesiaHistorySummary}
        quick={[NO_KNOWN_ANESTHESIA_COMPLICATIONS]}
        disabled={readOnly}
        onChange={(v) => set({ anesthesiaHistorySummary: v })}
      />
      <SummaryText
        label="Family anesthesia history"
        field="familyAnesthesiaHistorySummary"
        required={required}
        value={data.familyAnesthesiaHistorySummary}
        quick={['No known']}
        disabled={readOnly}
        onChange={(v) => set({ familyAnesthesiaHistorySummary: v })}
      />
    </TabFrame>
  );
}
