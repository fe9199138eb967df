import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import {
  calendarFilterParams,
  calendarGrid,
  dayKey,
  monthKey,
  monthOf,
  readCalendarFilters,
  type CalendarFilters,
  type ParentAppointmentView,
} from '@vigil/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { AppointmentItem } from '../../ui/AppointmentItem.js';
import { parentAppointmentItem, type ParentAppointmentItem } from '../../ui/appointmentView.js';
import { DayPopupFrame, MonthGrid, MonthNav } from './MonthGrid.js';

function OfficeDayPopup({
  day,
  views,
  onClose,
}: {
  day: Date;
  views: ParentAppointmentItem[];
  onClose: () => void;
}): ReactNode {
  return (
    <DayPopupFrame day={day} count={views.length} onClose={onClose}>
      {views.map((v) => (
        <Stack key={`${v.orgId}/${v.id}`} gap={2} data-testid="office-appointment" data-org-id={v.orgId}>
          <Text size="xs" fw={600} c="dimmed">
            {v.orgName}
          </Text>
          <AppointmentItem orgId={v.orgId} view={v} />
        </Stack>
      ))}
    </DayPopupFrame>
  );
}

export interface OfficesCalendarProps {
  /** The appointments of [from, to), one office's when `orgId` is set, in calendar order. */
  load: (from: Date, to: Date, orgId: string | null) => Promise<ParentAppointmentView[]>;
  /** The offices the filter offers. */
  offices: readonly { id: string; name: string }[];
  /** The filter's label ("Office", "Organization"). */
  filterLabel: string;
  /** What the page says when no appointment is in the weeks shown. */
  emptyText: (officeId: string | null) => string;
  /** What the page says when the appointments could not be read. */
  errorText: (code: string) => string;
}

/**
 * Several offices' appointments on one month grid (issue 41: the parent's calendar, the team's),
 * as each office's calendar shows them, with an office filter; the month, day and office live in
 * the query string (`orgId`).
 */
export function OfficesCalendar({ load, offices, filterLabel, emptyText, errorText }: OfficesCalendarProps): ReactNode {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => new Date());
  const filters = readCalendarFilters(params, today);
  const officeId = params.get('orgId') || null;
  const key = monthKey(filters.month);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the month's key names the grid
  const grid = useMemo(() => calendarGrid(filters.month), [key]);
  const [state, setState] = useState<{ rows: ParentAppointmentItem[] | null; error: string | null; loading: boolean }>({
    rows: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(grid.start, grid.end, officeId).then(
      (rows) => {
        const now = Date.now();
        if (live) setState({ rows: rows.map((r) => parentAppointmentItem(r, now)), error: null, loading: false });
      },
      (err: unknown) => {
        if (live) setState({ rows: null, error: errorCode(err), loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [load, grid, officeId]);

  const byDay = new Map<string, ParentAppointmentItem[]>();
  for (const v of state.rows ?? []) if (v.day) byDay.set(v.day, [...(byDay.get(v.day) ?? []), v]);
  const go = (
    next: Partial<CalendarFilters> | ((f: CalendarFilters) => Partial<CalendarFilters>),
    office?: string | null,
  ): void => {
    // From the address as it is now (not as this render read it): two taps before a redraw both count.
    const live = new URLSearchParams(window.location.search);
    const current = readCalendarFilters(live, today);
    const orgId = office === undefined ? live.get('orgId') || null : office;
    const filtersNext = { ...current, ...(typeof next === 'function' ? next(current) : next) };
    setParams({ ...calendarFilterParams(filtersNext), ...(orgId ? { orgId } : {}) });
  };
  const selectedKey =
    filters.date === null ? null : dayKey(new Date(filters.month.year, filters.month.month - 1, filters.date));
  const monthTitle = new Date(filters.month.year, filters.month.month - 1, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthNav title={monthTitle} onMonth={(move) => go((f) => ({ month: move(f.month), date: null }))} />
        <Select
          label={filterLabel}
          placeholder={`All ${filterLabel.toLowerCase()}s`}
          data={offices.map((o) => ({ value: o.id, label: o.name }))}
          value={officeId}
          onChange={(v) => go({ date: filters.date }, v)}
          clearable
          w={240}
        />
      </Group>
      {state.error && (
        <Alert color={state.error === 'NETWORK_ERROR' ? 'gray' : 'red'} role="alert">
          {errorText(state.error)}
        </Alert>
      )}
      <MonthGrid
        {...{ grid, byDay, monthTitle, selectedKey }}
        todayKey={dayKey(today)}
        month={filters.month.month}
        refreshing={state.loading}
        onSelectDay={(day) => go({ month: monthOf(day), date: day.getDate() })}
        onCloseDay={() => go({ date: null })}
        popup={(day, views) => <OfficeDayPopup day={day} views={views} onClose={() => go({ date: null })} />}
      />
      {state.rows?.length === 0 && (
        <Text c="dimmed" size="sm" role="status">
          {emptyText(officeId)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Times are in {Intl.DateTimeFormat().resolvedOptions().timeZone}.
      </Text>
    </>
  );
}
