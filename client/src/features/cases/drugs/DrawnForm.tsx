import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DRUG_UNITS, newId } from '@vigil/shared';
import { drugIdFor, findCatalogueDrug, readAmount, type DrugEntry } from './model.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface DrawnFormProps {
  disabled: boolean;
  onDraw: (entry: DrugEntry) => void;
  now?: () => number;
}

/** An amount drawn up into a syringe; what is drawn and not given is waste [DR5]. */
export function DrawnForm({ disabled, onDraw, now = Date.now }: DrawnFormProps): ReactNode {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [unit, setUnit] = useState<string>('mg');
  const amount = readAmount(text);
  const ok = name.trim() !== '' && amount.value != null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        onDraw({
          id: newId('dos'),
          name: findCatalogueDrug(name)?.name ?? name.trim(),
          drugId: drugIdFor(name),
          drawn: { amount: amount.value!, unit, time: now() },
        });
        setText('');
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LightTextInput
          label="Syringe of"
          list="vigil-drug-catalogue"
          autoComplete="off"
          width={200}
          size="sm"
          value={name}
          disabled={disabled}
          onChange={(e) => {
            const t = e.currentTarget.value;
            setName(t);
            const known = findCatalogueDrug(t);
            if (known) setUnit(known.unit);
          }}
        />
        <LightTextInput
          label="Drawn up"
          inputMode="decimal"
          width={110}
          size="sm"
          value={text}
          disabled={disabled}
          error={amount.error ?? undefined}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <LightNativeSelect
          label="Drawn unit"
          width={90}
          size="sm"
          value={unit}
          disabled={disabled}
          data={[...DRUG_UNITS]}
          onChange={(e) => setUnit(e.currentTarget.value)}
        />
        <Button type="submit" mt={25} mih={44} variant="light" disabled={disabled || !ok}>
          Record drawn
        </Button>
      </Group>
    </form>
  );
}
