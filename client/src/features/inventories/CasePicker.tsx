import { Select } from '@mantine/core';
import { DAY } from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { appointmentView, timeRangeText } from '../../ui/appointmentView.js';
import { useAppointmentsBetween, useViewLookups } from '../../data/calendar.js';

export interface CasePickerProps {
  orgId: string;
  value: string | null;
  onChange: (caseId: string | null) => void;
  required?: boolean;
}

/** The case a movement is for: yesterday's, today's and tomorrow's cases, by time, patient and procedure. */
export function CasePicker({ orgId, value, onChange, required = false }: CasePickerProps): ReactNode {
  const [range] = useState(() => {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    return { from: new Date(start.getTime() - DAY), to: new Date(start.getTime() + 2 * DAY) };
  });
  const appointments = useAppointmentsBetween(orgId, range.from, range.to);
  const lookups = useViewLookups(orgId);
  const options = useMemo(() => {
    const now = Date.now();
    return (appointments.data ?? [])
      .map((a) => appointmentView(a, lookups, now))
      .sort((a, b) => (a.start?.getTime() ?? 0) - (b.start?.getTime() ?? 0))
      .map((v) => ({
        value: v.id,
        label: `${v.start ? v.start.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }) : ''} ${timeRangeText(v)} · ${v.patient}${v.description ? ` · ${v.description}` : ''}`,
      }));
  }, [appointments.data, lookups]);
  return (
    <Select
      label="Case"
      placeholder={options.length === 0 ? 'No cases yesterday, today or tomorrow' : 'Choose the case'}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable={!required}
      required={required}
      nothingFoundMessage="No such case"
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
