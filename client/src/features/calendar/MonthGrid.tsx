import {
  Box,
  Button,
  CloseButton,
  Group,
  LoadingOverlay,
  Popover,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  addMonths,
  CALENDAR,
  CALENDAR_SELECTED_DAY_POPUP_WIDTH_PX,
  dayKey,
  monthOf,
  type CalendarFilters,
} from '@vigil/shared';
import type { ReactNode } from 'react';
import type { AppointmentView } from '../../ui/appointmentView.js';

/*
 * The month grid of spec 002 §2, §9 (whole weeks from Sunday, today marked, a loading overlay,
 * each day's first appointments in their status colours, the selected day in a 240 px popup),
 * shared by the office's calendar and the parent organisation's.
 */

/** Appointments listed inside a day cell before "+N more". */
const CELL_ITEMS = 3;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function DayCell({
  day,
  views,
  inMonth,
  isToday,
  onSelect,
}: {
  day: Date;
  views: readonly MonthGridItem[];
  inMonth: boolean;
  isToday: boolean;
  onSelect: () => void;
}): ReactNode {
  // Read out before what the cell shows (the day's number and its first appointments), so the
  // button's name holds its visible text (WCAG 2.5.3 label in name).
  const label = `${day.toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' })}, ${
    views.length === 1 ? '1 appointment' : `${views.length} appointments`
  }:`;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={isToday ? 'date' : undefined}
      data-testid={`day-${dayKey(day)}`}
      style={{
        minHeight: CALENDAR.minDayCellHeightPx,
        width: '100%',
        height: '100%',
        padding: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 2,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 4,
        background: inMonth ? 'var(--mantine-color-body)' : 'var(--mantine-color-default-hover)',
      }}
    >
      <VisuallyHidden>{label}</VisuallyHidden>
      <Text
        size="sm"
        fw={isToday ? 700 : 400}
        c={isToday ? 'white' : inMonth ? undefined : 'gray.7'}
        bg={isToday ? 'blue.8' : undefined}
        style={{ alignSelf: 'flex-start', borderRadius: 12, padding: '0 6px', lineHeight: '22px' }}
      >
        {day.getDate()}
      </Text>
      {views.slice(0, CELL_ITEMS).map((v) => (
        <Text
          key={v.id}
          size="xs"
          truncate
          data-testid="appointment-chip"
          style={{
            borderLeft: `3px solid var(--mantine-color-${v.colour}-5)`,
            paddingLeft: 4,
            textDecoration: v.strikethrough ? 'line-through' : undefined,
          }}
        >
          {v.start?.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })} {v.patient}
        </Text>
      ))}
      {views.length > CELL_ITEMS && (
        <Text size="xs" c="gray.7">
          +{views.length - CELL_ITEMS} more
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Previous, Today and Next, and the month shown. */
export function MonthNav({
  title,
  onMonth,
}: {
  title: string;
  /**
   * Moves the month shown: `move` takes the month the address holds when it is applied, so two
   * taps of Previous before the page has redrawn go back two months, not one.
   */
  onMonth: (move: (month: CalendarFilters['month']) => CalendarFilters['month']) => void;
}): ReactNode {
  return (
    <Group gap="xs" align="center">
      <Button variant="default" mih={44} onClick={() => onMonth((m) => addMonths(m, -1))}>
        Previous
      </Button>
      <Button variant="default" mih={44} onClick={() => onMonth(() => monthOf(new Date()))}>
        Today
      </Button>
      <Button variant="default" mih={44} onClick={() => onMonth((m) => addMonths(m, 1))}>
        Next
      </Button>
      <Title order={2} size="h3" ml="sm" aria-live="polite">
        {title}
      </Title>
    </Group>
  );
}

/** What a day cell shows of an appointment: its start, patient, status colour and strike. */
export type MonthGridItem = Pick<AppointmentView, 'id' | 'start' | 'patient' | 'colour' | 'strikethrough'>;

/**
 * The month's weeks, each day a cell, the selected day's appointments in a popup that `popup`
 * draws (the office's calendar, the parent's).
 */
export function MonthGrid<T extends MonthGridItem>({
  grid,
  byDay,
  monthTitle,
  month,
  todayKey,
  selectedKey,
  refreshing,
  onSelectDay,
  onCloseDay,
  popup,
}: {
  grid: { weeks: Date[][] };
  byDay: ReadonlyMap<string, T[]>;
  monthTitle: string;
  /** The shown month, 1-12. */
  month: number;
  todayKey: string;
  selectedKey: string | null;
  refreshing: boolean;
  onSelectDay: (day: Date) => void;
  onCloseDay: () => void;
  /** The selected day's popup content. */
  popup: (day: Date, views: T[]) => ReactNode;
}): ReactNode {
  // The overlay sits beside the grid, not in it: a grid may own only rows, and the overlay's
  // loader has the status role (axe aria-required-children).
  return (
    <Box pos="relative">
      <LoadingOverlay visible={refreshing} zIndex={5} overlayProps={{ blur: 1 }} />
      <Box role="grid" aria-label={`Calendar, ${monthTitle}`} aria-busy={refreshing}>
        <Box role="row" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}>
          {WEEKDAYS.map((d) => (
            <Text key={d} role="columnheader" size="sm" fw={600} ta="center">
              {d}
            </Text>
          ))}
        </Box>
        {grid.weeks.map((week) => (
          <Box
            key={dayKey(week[0]!)}
            role="row"
            mt={4}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}
          >
            {week.map((day) => {
              const k = dayKey(day);
              const dayViews = byDay.get(k) ?? [];
              const cell = (
                <DayCell
                  day={day}
                  views={dayViews}
                  inMonth={day.getMonth() + 1 === month}
                  isToday={k === todayKey}
                  onSelect={() => onSelectDay(day)}
                />
              );
              return (
                <Box key={k} role="gridcell" aria-selected={k === selectedKey}>
                  {k === selectedKey ? (
                    <Popover
                      opened
                      width={CALENDAR_SELECTED_DAY_POPUP_WIDTH_PX}
                      position="bottom"
                      withArrow
                      shadow="md"
                      trapFocus
                      onClose={onCloseDay}
                      onDismiss={onCloseDay}
                    >
                      <Popover.Target>{cell}</Popover.Target>
                      <Popover.Dropdown data-testid="day-popup">{popup(day, dayViews)}</Popover.Dropdown>
                    </Popover>
                  ) : (
                    cell
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The selected day's popup: the day, a close button, and its appointments (`children`, one per
 * appointment) in a scrolling list or 'No appointments.'; `footer` below (the office's New Case).
 */
export function DayPopupFrame({
  day,
  count,
  onClose,
  children,
  footer,
}: {
  day: Date;
  count: number;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}): ReactNode {
  return (
    <Stack gap="xs" role="dialog" aria-label={`Appointments on ${day.toLocaleDateString()}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {day.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
        </Text>
        <CloseButton onClick={onClose} aria-label="Close" size="lg" />
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No appointments.
        </Text>
      ) : (
        <Stack gap="sm" mah={360} style={{ overflowY: 'auto' }}>
          {children}
        </Stack>
      )}
      {footer}
    </Stack>
  );
}
