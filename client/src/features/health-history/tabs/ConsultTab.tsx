import type { ReactNode } from 'react';
import { NotesText, TabFrame, YesNo } from './parts.js';
import type { HhxTabProps } from './types.js';

/** Consult (spec 002 §3, §5): whether a medical consult was obtained, with its notes. */
export function ConsultTab({ data, set, readOnly }: HhxTabProps): ReactNode {
  return (
    <TabFrame title="Consult">
      <YesNo
        label="Medical consult"
        value={data.medicalConsult}
        disabled={readOnly}
        onChange={(v) => set({ medicalConsult: v })}
      />
      <NotesText
        label="Consult notes"
        description={data.medicalConsult === true ? 'Who was consulted and what they advised' : undefined}
        value={data.medicalConsultNotes}
        disabled={readOnly}
        onChange={(v) => set({ medicalConsultNotes: v })}
      />
    </TabFrame>
  );
}
