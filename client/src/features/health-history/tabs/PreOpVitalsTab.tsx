import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { hasRecentPreOpVitals, NO_RECENT_VITALS_TEXT, type ManualVitalsEntry } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { clockDateTime } from '../../../ui/format.js';
import { MANUAL_VITAL_FIELDS, ManualVitalsDialog } from '../../cases/index.js';
import { vitalsAgeText } from './model.js';
import { TabFrame } from './parts.js';
import { vitalTimeMs } from './status.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

/** The history's pre-op vitals as entries of the manual vitals form (entries without a time are left out). */
export function preOpEntries(data: HhxTabProps['data'], fallbackUnit: 'C' | 'F'): ManualVitalsEntry[] {
  return (data.manualVitals ?? [])
    .map((v, i): ManualVitalsEntry | null => {
      const time = vitalTimeMs(v.time);
      if (time == null) return null;
      return {
        id: v.id ?? `vital-${i}`,
        time,
        temperatureUnit: v.temperatureUnit ?? fallbackUnit,
        vitals: { ...(v.vitals ?? {}) },
      };
    })
    .filter((e): e is ManualVitalsEntry => e != null)
    .sort((a, b) => b.time - a.time);
}

/** One entry's values as a line: 'BP 120/80 · HR 72 · SpO2 98 %'. */
export function vitalsLine(entry: ManualVitalsEntry): string {
  const v = entry.vitals;
  const parts: string[] = [];
  if (v.sbp != null || v.dbp != null) parts.push(`BP ${v.sbp ?? '–'}/${v.dbp ?? '–'} mmHg`);
  for (const f of MANUAL_VITAL_FIELDS) {
    if (f.type === 'sbp' || f.type === 'dbp') continue;
    const value = v[f.type];
    if (value == null) continue;
    const unit = f.type === 'temp' ? `°${entry.temperatureUnit}` : f.unit;
    parts.push(`${f.label} ${value}${unit ? ` ${unit}` : ''}`);
  }
  return parts.join(' · ');
}

/**
 * Pre-Op Vitals (spec 002 §2, §4, §5, §9): manual entries (the case's manual vitals form and
 * limits), newest first, each with its age badge (green up to 30 days, orange, red after 60;
 * days, then months, then years), edit and remove with confirmation; 'No vitals recorded in the
 * last 30 days.' while none is that recent.
 */
export function PreOpVitalsTab({ data, set, readOnly, context }: HhxTabProps): ReactNode {
  const unit = context.tempsInCelsius ? 'C' : 'F';
  const [dialog, setDialog] = useState<{ initial: ManualVitalsEntry | null } | null>(null);
  const [removing, setRemoving] = useState<ManualVitalsEntry | null>(null);
  const now = Date.now();
  const entries = preOpEntries(data, unit);
  const recent = hasRecentPreOpVitals(
    entries.map((e) => e.time),
    now,
  );
  const write = (next: ManualVitalsEntry[]): void => set({ manualVitals: next.sort((a, b) => a.time - b.time) });
  return (
    <TabFrame title="Pre-Op Vitals">
      {!recent && (
        <Alert color="orange" p="xs">
          {NO_RECENT_VITALS_TEXT}
        </Alert>
      )}
      <Group>
        <Button mih={44} disabled={readOnly} onClick={() => setDialog({ initial: null })}>
          Add vitals
        </Button>
      </Group>
      <Stack gap="xs" role="list" aria-label="Pre-op vitals recorded">
        {entries.map((e) => {
          const age = vitalsAgeText(e.time, now);
          const at = clockDateTime(e.time);
          return (
            <div key={e.id} className={`${classes.card} ${classes.row}`} role="listitem">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{at}</Text>
                  <Badge color={age.colour} variant="filled" autoContrast data-age-colour={age.colour}>
                    {age.text}
                  </Badge>
                </Group>
                <Text size="sm">{vitalsLine(e) || 'No values'}</Text>
              </Stack>
              {!readOnly && (
                <Group gap={4}>
                  <Button
                    variant="subtle"
                    mih={44}
                    aria-label={`Edit vitals at ${at}`}
                    onClick={() => setDialog({ initial: e })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    mih={44}
                    aria-label={`Remove vitals at ${at}`}
                    onClick={() => setRemoving(e)}
                  >
                    Remove
                  </Button>
                </Group>
              )}
            </div>
          );
        })}
      </Stack>
      <ManualVitalsDialog
        opened={dialog !== null}
        initial={dialog?.initial ?? null}
        temperatureUnit={unit}
        withDate
        onClose={() => setDialog(null)}
        onSave={(entry) => {
          write([...entries.filter((e) => e.id !== entry.id), entry]);
          setDialog(null);
        }}
      />
      <ConfirmRemoval
        title="Remove vitals"
        question={removing ? `Remove the vitals recorded ${clockDateTime(removing.time)}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) write(entries.filter((e) => e.id !== removing.id));
          setRemoving(null);
        }}
      />
    </TabFrame>
  );
}
