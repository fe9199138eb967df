import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FLUID_SOLUTION_TYPES, newId } from '@vigil/shared';
import { readChartTime } from '../drugs/model.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { formatHhMm } from './time.js';
import { IV_GAUGES, IV_SECURED_WITH, IV_SITE_NAMES, IV_SIDES, readWhole, type IvSite } from './model.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface IvSiteFormProps {
  initial: IvSite | null;
  disabled: boolean;
  submitLabel: string;
  onSubmit: (site: IvSite) => void;
  now?: () => number;
}

/**
 * The fields of an IV site (spec 001 §3): side, site, gauge, attempts, secured with, time and
 * the first solution. A site may be saved while incomplete: the list shows what the complete
 * rule still needs (spec 001 §5).
 */
export function IvSiteForm({ initial, disabled, submitLabel, onSubmit, now = Date.now }: IvSiteFormProps): ReactNode {
  const [side, setSide] = useState(initial?.side ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [gaugeText, setGaugeText] = useState(initial?.needleGauge == null ? '' : String(initial.needleGauge));
  const [attemptsText, setAttemptsText] = useState(initial?.attempts == null ? '1' : String(initial.attempts));
  const [securedWith, setSecuredWith] = useState(initial?.securedWith ?? '');
  const [timeText, setTimeText] = useState(initial?.time == null ? '' : formatHhMm(initial.time));
  const [solution, setSolution] = useState(initial?.solutions[0]?.name ?? '');
  const [bagText, setBagText] = useState(
    initial?.solutions[0]?.amount == null ? '' : String(initial.solutions[0].amount),
  );
  const gauge = readWhole(gaugeText, 1);
  const attempts = readWhole(attemptsText, 1);
  const bag = readWhole(bagText, 1);
  const time = readChartTime(timeText, initial?.time ?? now());
  const ok = gauge.error == null && attempts.error == null && bag.error == null && time.value != null;
  const id = `iv-${initial?.id ?? 'new'}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        const rest = initial?.solutions.slice(1) ?? [];
        onSubmit({
          id: initial?.id ?? newId('ivs'),
          side: side || null,
          name: name.trim() || null,
          needleGauge: gauge.value,
          attempts: attempts.value,
          securedWith: securedWith.trim() || null,
          time: time.value,
          timeRemoved: initial?.timeRemoved ?? null,
          solutions: solution
            ? [{ bagId: initial?.solutions[0]?.bagId ?? newId('bag'), name: solution, amount: bag.value }, ...rest]
            : rest,
          syringeFlushes: initial?.syringeFlushes ?? [],
        });
        if (!initial) {
          setName('');
          setGaugeText('');
          setAttemptsText('1');
          setTimeText('');
          setBagText('');
        }
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LightNativeSelect
          label="Side"
          width={100}
          size="sm"
          value={side}
          disabled={disabled}
          data={[{ value: '', label: '–' }, ...IV_SIDES]}
          onChange={(e) => setSide(e.currentTarget.value)}
        />
        <LightTextInput
          label="Site"
          list={`${id}-sites`}
          autoComplete="off"
          width={150}
          size="sm"
          value={name}
          disabled={disabled}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <datalist id={`${id}-sites`}>
          {IV_SITE_NAMES.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <LightTextInput
          label="Gauge"
          list={`${id}-gauges`}
          inputMode="numeric"
          autoComplete="off"
          width={90}
          size="sm"
          value={gaugeText}
          disabled={disabled}
          error={gauge.error ?? undefined}
          onChange={(e) => setGaugeText(e.currentTarget.value)}
        />
        <datalist id={`${id}-gauges`}>
          {IV_GAUGES.map((g) => (
            <option key={g} value={g} />
          ))}
        </datalist>
        <LightTextInput
          label="Attempts"
          inputMode="numeric"
          width={90}
          size="sm"
          value={attemptsText}
          disabled={disabled}
          error={attempts.error ?? undefined}
          onChange={(e) => setAttemptsText(e.currentTarget.value)}
        />
        <LightTextInput
          label="Secured with"
          list={`${id}-secured`}
          autoComplete="off"
          width={170}
          size="sm"
          value={securedWith}
          disabled={disabled}
          onChange={(e) => setSecuredWith(e.currentTarget.value)}
        />
        <datalist id={`${id}-secured`}>
          {IV_SECURED_WITH.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <TimeField label="IV time" value={timeText} error={time.error} disabled={disabled} onChange={setTimeText} />
        <LightNativeSelect
          label="Solution"
          width={110}
          size="sm"
          value={solution}
          disabled={disabled}
          data={[{ value: '', label: '–' }, ...FLUID_SOLUTION_TYPES]}
          onChange={(e) => setSolution(e.currentTarget.value)}
        />
        <LightTextInput
          label="Bag mL"
          inputMode="numeric"
          width={90}
          size="sm"
          value={bagText}
          disabled={disabled}
          error={bag.error ?? undefined}
          onChange={(e) => setBagText(e.currentTarget.value)}
        />
        <Button type="submit" mt={25} mih={44} disabled={disabled || !ok}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
