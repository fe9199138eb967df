import type { ReactNode } from 'react';
import { NotesText, TabFrame } from './parts.js';
import type { HhxTabProps } from './types.js';

/** Other Notes (spec 002 §3 healthHistoryNotes): anything else the provider wants on the history. */
export function OtherNotesTab({ data, set, readOnly }: HhxTabProps): ReactNode {
  return (
    <TabFrame title="Other Notes">
      <NotesText
        label="Health history notes"
        value={data.healthHistoryNotes}
        disabled={readOnly}
        onChange={(v) => set({ healthHistoryNotes: v })}
      />
    </TabFrame>
  );
}
