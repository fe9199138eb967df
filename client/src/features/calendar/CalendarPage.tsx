import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  calendarFilterParams,
  calendarGrid,
  dayKey,
  monthKey,
  monthOf,
  readCalendarFilters,
  type CalendarFilters,
} from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useLiveResourceEvents, useOutboxReplay } from '../../data/db.js';
import { placeOptions } from '../../ui/places.js';
import { AppointmentItem } from '../../ui/AppointmentItem.js';
import { appointmentView, matchesFilters, timeRangeText, type AppointmentView } from '../../ui/appointmentView.js';
import { ChangeAppointmentDialog, providerOptionsOf } from './ChangeAppointmentDialog.js';
import { DayPopupFrame, MonthGrid, MonthNav } from './MonthGrid.js';
import { receivingCases, useOrgLiveCases, useSecondClock } from '../live-vitals/index.js';

/** The calendar reads the 'live' state again this often when no reading arrives (a case stops being live 60 s after its last). */
const LIVE_CALENDAR_TICK_MS = 10_000;
import { useAppointmentsBetween, useSignedCases, useViewLookups } from '../../data/calendar.js';

function DayPopup({
  orgId,
  day,
  views,
  onClose,
  onChange,
}: {
  orgId: string;
  day: Date;
  views: AppointmentView[];
  onClose: () => void;
  /** Opens the appointment's change dialog (issue 40). */
  onChange: (appointmentId: string) => void;
}): ReactNode {
  return (
    <DayPopupFrame
      day={day}
      count={views.length}
      onClose={onClose}
      footer={
        <Button
          component={Link}
          to={`/org/${encodeURIComponent(orgId)}/new-case?date=${dayKey(day)}`}
          size="xs"
          variant="light"
          mih={36}
        >
          New Case
        </Button>
      }
    >
      {views.map((v) => (
        <Stack key={v.id} gap={2}>
          <AppointmentItem orgId={orgId} view={v} />
          <Button
            variant="subtle"
            size="xs"
            mih={44}
            onClick={() => onChange(v.id)}
            aria-label={`Change appointment: ${v.patient}, ${timeRangeText(v)}`}
          >
            Change
          </Button>
        </Stack>
      ))}
    </DayPopupFrame>
  );
}

/**
 * /org/{orgId}: the calendar (spec 002 §2, §9; spec 000 §3): a month grid of whole weeks from
 * Sunday with one week before and after, Previous / Today / Next, today marked, a loading
 * overlay while the server is asked, each day's appointments in their status colours, and the
 * selected day's appointments in a 240 px popup. Month, date, location and provider live in the
 * query string. New and changed appointments appear without reloading (live org events).
 */
export function CalendarPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  useOutboxReplay(orgId);
  // The office's stream also carries the live vitals: an appointment whose case receives readings is 'live'.
  const live = useOrgLiveCases(orgId);
  useLiveResourceEvents(orgId, undefined, live.listener);
  const liveClock = useSecondClock(LIVE_CALENDAR_TICK_MS);
  const [today] = useState(() => new Date());
  const filters = readCalendarFilters(params, today);
  const key = monthKey(filters.month);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the month's key names the grid
  const grid = useMemo(() => calendarGrid(filters.month), [key]);
  const appointments = useAppointmentsBetween(orgId, grid.start, grid.end);
  const lookups = useViewLookups(orgId);
  const signedCases = useSignedCases(orgId, appointments.data);
  const now = Math.max(Date.now(), liveClock);
  const liveCases = receivingCases(live.rows, now);
  const allViews = (appointments.data ?? []).map((a) =>
    appointmentView(a, { ...lookups, signedCases, liveCases }, now),
  );
  const views = allViews.filter((v) => matchesFilters(v, filters, lookups.locations));
  const [changingId, setChangingId] = useState<string | null>(null);
  const changing = changingId ? allViews.find((v) => v.id === changingId) : undefined;
  const describe = (id: string): string => {
    const other = allViews.find((v) => v.id === id);
    return other
      ? `${other.patient}, ${other.start?.toLocaleDateString() ?? ''} ${timeRangeText(other)}`
      : 'another appointment';
  };
  const byDay = new Map<string, AppointmentView[]>();
  for (const v of views) if (v.day) byDay.set(v.day, [...(byDay.get(v.day) ?? []), v]);

  const go = (next: Partial<CalendarFilters> | ((f: CalendarFilters) => Partial<CalendarFilters>)): void => {
    // From the address as it is now (not as this render read it): two taps before a redraw both count.
    const current = readCalendarFilters(new URLSearchParams(window.location.search), today);
    setParams(calendarFilterParams({ ...current, ...(typeof next === 'function' ? next(current) : next) }));
  };
  const selectDay = (day: Date): void => {
    const m = monthOf(day);
    go({ month: m, date: day.getDate() });
  };
  const todayKey = dayKey(today);
  const selectedKey =
    filters.date === null ? null : dayKey(new Date(filters.month.year, filters.month.month - 1, filters.date));
  const monthTitle = new Date(filters.month.year, filters.month.month - 1, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
  const providerOptions = providerOptionsOf(lookups.practitioners);

  return (
    <Page title="Calendar">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthNav title={monthTitle} onMonth={(move) => go((f) => ({ month: move(f.month), date: null }))} />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Location"
            placeholder="All locations"
            data={placeOptions(lookups.locations)}
            value={filters.locationId}
            onChange={(v) => go({ locationId: v, date: filters.date })}
            clearable
            w={220}
          />
          <Select
            label="Provider"
            placeholder="All providers"
            data={providerOptions}
            value={filters.providerId}
            onChange={(v) => go({ providerId: v, date: filters.date })}
            clearable
            w={200}
          />
          <Button component={Link} to={`/org/${encodeURIComponent(orgId)}/new-case`} mih={44}>
            New Case
          </Button>
        </Group>
      </Group>
      {appointments.error === 'NETWORK_ERROR' && (
        <Alert color="gray" role="status">
          Offline: showing the appointments saved on this device.
        </Alert>
      )}
      {appointments.error && appointments.error !== 'NETWORK_ERROR' && (
        <Alert color="red" role="alert">
          Could not load appointments ({appointments.error}).
        </Alert>
      )}
      <MonthGrid
        {...{ grid, byDay, monthTitle, todayKey, selectedKey }}
        month={filters.month.month}
        refreshing={appointments.refreshing}
        onSelectDay={selectDay}
        onCloseDay={() => go({ date: null })}
        popup={(day, dayViews) => (
          <DayPopup
            orgId={orgId}
            day={day}
            views={dayViews}
            onClose={() => go({ date: null })}
            onChange={(id) => {
              // The popover closes first: one dialog holds the focus at a time.
              go({ date: null });
              setChangingId(id);
            }}
          />
        )}
      />
      {views.length === 0 && !appointments.refreshing && (
        <Text c="dimmed" size="sm" role="status">
          No appointments in these weeks{filters.locationId || filters.providerId ? ' for these filters' : ''}.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Times are in {Intl.DateTimeFormat().resolvedOptions().timeZone}.
      </Text>
      {changing && (
        <ChangeAppointmentDialog
          key={changing.id}
          orgId={orgId}
          view={changing}
          providerOptions={providerOptions}
          placeOptions={placeOptions(lookups.locations)}
          describe={describe}
          onClose={() => setChangingId(null)}
        />
      )}
    </Page>
  );
}
