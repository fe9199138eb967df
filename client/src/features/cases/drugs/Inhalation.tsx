import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  officeFirst,
  type OfficeDrug,
  inhalationAgentsFor,
  inhalationValueError,
  newId,
  type InhalationAgent,
  type SedationLevel,
} from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { readDoseTime, type DrugEntry } from './model.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

/** The newest setting of each agent (0 is off), with its time. */
export function currentSettings(entries: readonly DrugEntry[]): Map<string, { amount: number; time: number }> {
  const out = new Map<string, { amount: number; time: number }>();
  for (const e of entries) {
    for (const d of e.doses ?? []) {
      if (d.route !== 'inhalation') continue;
      const prev = out.get(e.drugId);
      if (!prev || d.time >= prev.time) out.set(e.drugId, { amount: d.amount, time: d.time });
    }
  }
  return out;
}

/**
 * The value typed for an agent: a number within its maximum ('max is {n}', [DR10]) and on its
 * step (Nitrous Oxide 0.5 L/min, spec 002 §9). Empty is no value.
 */
export function readAgentValue(agent: InhalationAgent, text: string): { value: number | null; error: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return { value: null, error: 'invalid value' };
  const n = Number(t);
  const error = inhalationValueError(agent, n);
  if (error) return { value: null, error };
  if (agent.step != null && Math.abs(n / agent.step - Math.round(n / agent.step)) > 1e-9) {
    return { value: null, error: `step is ${agent.step}` };
  }
  return { value: n, error: null };
}

export interface InhalationProps {
  entries: readonly DrugEntry[];
  sedationLevel: SedationLevel | null;
  disabled: boolean;
  onAdd: (entry: DrugEntry) => void;
  now?: () => number;
  /** The office's drug list (customize-drugs): its inhalation agents first (OD3). */
  office?: readonly OfficeDrug[];
}

const NO_OFFICE: readonly OfficeDrug[] = [];

/**
 * Inhalation agents (spec 002 §9): Oxygen, Nitrous Oxide (max 25 L/min, step 0.5), Sevoflurane
 * (8 %), Desflurane (18 %), Isoflurane (5 %), Medical Air for deep or GA only [DR8, DR9]. Each
 * change of setting is charted as a new value at its time; 0 turns the agent off.
 */
export function Inhalation({
  entries,
  sedationLevel,
  disabled,
  onAdd,
  now = Date.now,
  office = NO_OFFICE,
}: InhalationProps): ReactNode {
  const settings = currentSettings(entries);
  // [OD3] The office's agents first; [DR9] still only those the sedation level allows.
  const agents = officeFirst(inhalationAgentsFor(sedationLevel), office, 'inhalation', (_d, known) => known ?? null);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
      {agents.map((agent) => (
        <AgentRow
          key={agent.id}
          agent={agent}
          current={settings.get(agent.id) ?? null}
          disabled={disabled}
          onSet={(amount, time) =>
            onAdd({
              id: newId('dos'),
              name: agent.name,
              drugId: agent.id,
              doses: [
                {
                  drugId: agent.id,
                  route: 'inhalation',
                  amount,
                  amount_raw: String(amount),
                  unit: agent.unit,
                  time,
                  isPreProcedure: false,
                  isComplete: true,
                  perKg: null,
                },
              ],
            })
          }
          now={now}
        />
      ))}
    </SimpleGrid>
  );
}

function AgentRow({
  agent,
  current,
  disabled,
  onSet,
  now,
}: {
  agent: InhalationAgent;
  current: { amount: number; time: number } | null;
  disabled: boolean;
  onSet: (amount: number, time: number) => void;
  now: () => number;
}): ReactNode {
  const [text, setText] = useState('');
  const [timeText, setTimeText] = useState('');
  const value = readAgentValue(agent, text);
  // Read as the button is pressed: an empty time is the moment of the tap, not of the last render.
  const time = readDoseTime(timeText, now());
  const top = agent.max == null ? 25 : 45;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <LightTextInput
        label={`${agent.name} (${agent.unit})`}
        description={
          agent.max == null ? undefined : `max ${agent.max}${agent.step == null ? '' : `, step ${agent.step}`}`
        }
        inputMode="decimal"
        width={170}
        size="sm"
        value={text}
        disabled={disabled}
        error={value.error ?? undefined}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <div style={{ marginTop: top - 25 }}>
        <TimeField
          label={`${agent.name} time`}
          value={timeText}
          error={time.error}
          disabled={disabled}
          width={100}
          onChange={setTimeText}
        />
      </div>
      <Button
        mt={top}
        mih={44}
        variant="light"
        disabled={disabled || value.value == null || time.error != null}
        onClick={() => {
          const at = readDoseTime(timeText, now());
          if (value.value == null || at.value == null) return;
          onSet(value.value, at.value);
          setText('');
          setTimeText('');
        }}
      >
        Set {agent.name}
      </Button>
      <Text mt={top + 10} size="sm" data-testid={`agent-${agent.id}`}>
        {current == null || current.amount === 0
          ? 'off'
          : `${current.amount} ${agent.unit} since ${clockTime(current.time)}`}
      </Text>
    </Group>
  );
}
