import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { timeRangeText, type AppointmentView } from './appointmentView.js';
import { PatientPhoto } from './PatientPhoto.js';

export interface AppointmentItemProps {
  orgId: string;
  view: AppointmentView;
  /** Show the provider and place too (the cases list has room for them). */
  detailed?: boolean;
  /** Waiting in this device's outbox. */
  unsent?: boolean;
}

/**
 * One appointment: time range, patient, description and a link to the case (spec 000 §2), its
 * status in the colour of spec 002 §3 and its display state (spec 000 §4); a no-show or an
 * appointment entered in error is struck through.
 */
export function AppointmentItem({ orgId, view, detailed = false, unsent = false }: AppointmentItemProps): ReactNode {
  const struck = view.strikethrough ? { textDecoration: 'line-through' } : undefined;
  return (
    <Stack
      gap={2}
      data-testid="appointment"
      data-state={view.state}
      data-status={view.status}
      data-finalized={view.finalized || undefined}
      style={{ borderLeft: `4px solid var(--mantine-color-${view.colour}-5)`, paddingLeft: 8 }}
    >
      <Group gap={6} wrap="wrap" justify="space-between">
        <Text size="sm" fw={600} style={struck}>
          {timeRangeText(view)}
        </Text>
        <Group gap={4}>
          <Badge size="sm" color={view.colour} variant="light" data-testid="appointment-status">
            {view.statusLabel}
          </Badge>
          {view.stateLabel && (
            <Badge
              size="sm"
              color="gray"
              variant={view.state === 'now' || view.state === 'live' ? 'filled' : 'outline'}
              data-testid="appointment-state"
            >
              {view.stateLabel}
            </Badge>
          )}
          {unsent && (
            <Badge size="sm" color="blue" variant="outline">
              Not sent yet
            </Badge>
          )}
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap">
        {view.photoId && <PatientPhoto orgId={orgId} photoId={view.photoId} name={view.patient} size={24} />}
        <Text size="sm" style={struck}>
          {view.patient}
        </Text>
      </Group>
      {view.description && (
        <Text size="sm" c="dimmed" style={struck} lineClamp={2}>
          {view.description}
        </Text>
      )}
      {detailed && (view.provider || view.place) && (
        <Text size="xs" c="dimmed">
          {[view.provider, view.place].filter(Boolean).join(' · ')}
        </Text>
      )}
      <Anchor
        component={Link}
        size="sm"
        to={`/org/${encodeURIComponent(orgId)}/cases/${encodeURIComponent(view.id)}`}
        aria-label={`Open case: ${view.patient}, ${timeRangeText(view)}`}
        mih={44}
        style={{ display: 'inline-flex', alignItems: 'center' }}
      >
        Open case
      </Anchor>
    </Stack>
  );
}
