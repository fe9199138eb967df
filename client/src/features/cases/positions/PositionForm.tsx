import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { newId } from '@vigil/shared';
import { readChartTime } from '../drugs/model.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { POSITION_NAMES, type PositionEntry } from './model.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface PositionFormProps {
  disabled: boolean;
  onAdd: (entry: PositionEntry) => void;
  now?: () => number;
}

/** Charting a change of position: its name and time (empty time is now). */
export function PositionForm({ disabled, onAdd, now = Date.now }: PositionFormProps): ReactNode {
  const [name, setName] = useState('');
  const [timeText, setTimeText] = useState('');
  const time = readChartTime(timeText, now());
  const ok = name.trim() !== '' && time.value != null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        onAdd({ id: newId('pos'), name: name.trim(), time: time.value! });
        setName('');
        setTimeText('');
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LightTextInput
          label="Position"
          list="vigil-positions"
          autoComplete="off"
          width={220}
          size="sm"
          value={name}
          disabled={disabled}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <datalist id="vigil-positions">
          {POSITION_NAMES.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <TimeField
          label="Position time"
          value={timeText}
          error={time.error}
          disabled={disabled}
          onChange={setTimeText}
        />
        <Button type="submit" mt={25} mih={44} disabled={disabled || !ok}>
          Add position
        </Button>
      </Group>
    </form>
  );
}
