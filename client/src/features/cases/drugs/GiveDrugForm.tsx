import { Button, Checkbox, Group, NativeSelect } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { CASE_DATA_MESSAGES, DRUG_UNITS, dosePerKg, newId, type DrugRoute } from '@vigil/shared';
import {
  DRUG_CATALOGUE,
  PARENTERAL_AND_ORAL_ROUTES,
  drugIdFor,
  findCatalogueDrug,
  readAmount,
  readChartTime,
  type DrugEntry,
} from './model.js';
import { LightTextInput } from '../header/LightTextInput.js';
import { TOUCH_INPUT, TimeField } from './ui.js';

// Made once: the form re-renders at each keystroke, and these never change.
const CATALOGUE_LIST = (
  <datalist id="vigil-drug-catalogue">
    {DRUG_CATALOGUE.map((d) => (
      <option key={d.id} value={d.name} />
    ))}
  </datalist>
);
const ROUTE_OPTIONS = [...PARENTERAL_AND_ORAL_ROUTES];
const UNIT_OPTIONS = [...DRUG_UNITS];

export interface GiveDrugFormProps {
  weightKg: number | null;
  disabled: boolean;
  onGive: (entry: DrugEntry) => void;
  now?: () => number;
}

/**
 * Charting a drug given by mouth or injection (spec 001 §3, §5): drug by name (the catalogue,
 * or any name typed), route (PO, SL, IV, IMAD, IM, IN), dose in mg or mcg, time, and whether it
 * was given before the procedure. A drug without a name is refused with the MISSING_DRUG_NAME
 * text.
 */
export function GiveDrugForm({ weightKg, disabled, onGive, now = Date.now }: GiveDrugFormProps): ReactNode {
  const [name, setName] = useState('');
  const [route, setRoute] = useState<DrugRoute>('IV');
  const [unit, setUnit] = useState<string>('mg');
  const [amountText, setAmountText] = useState('');
  const [timeText, setTimeText] = useState('');
  const [preProcedure, setPreProcedure] = useState(false);
  const [tried, setTried] = useState(false);
  const amount = readAmount(amountText);
  const time = readChartTime(timeText, now());
  const nameError = name.trim() === '' ? CASE_DATA_MESSAGES.missingDrugName : null;
  const amountError = amount.error ?? (amount.value == null ? 'Enter the dose' : null);

  const submit = (): void => {
    setTried(true);
    if (nameError || amountError || amount.value == null || time.value == null) return;
    const drugId = drugIdFor(name);
    const drugName = findCatalogueDrug(name)?.name ?? name.trim();
    onGive({
      id: newId('dos'),
      name: drugName,
      drugId,
      doses: [
        {
          drugId,
          route,
          amount: amount.value,
          amount_raw: amountText.trim(),
          unit,
          time: time.value,
          isPreProcedure: preProcedure,
          isComplete: true,
          perKg: dosePerKg(amount.value, weightKg),
        },
      ],
    });
    setAmountText('');
    setTimeText('');
    setPreProcedure(false);
    setTried(false);
  };

  // Each field's element is kept while its own values are the same, so a keystroke re-renders
  // the field typed in, not the whole form (on a throttled tablet each Mantine field costs). The
  // two typed in are plain elements in Mantine's markup (LightTextInput).
  const nameShown = tried ? (nameError ?? undefined) : undefined;
  const nameField = useMemo(
    () => (
      <LightTextInput
        label="Drug"
        list="vigil-drug-catalogue"
        autoComplete="off"
        size="sm"
        width={200}
        value={name}
        disabled={disabled}
        error={nameShown}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setName(text);
          const known = findCatalogueDrug(text);
          if (known) {
            setUnit(known.unit);
            setRoute((r) => (known.routes.includes(r) ? r : known.routes[0]!));
          }
        }}
      />
    ),
    [name, disabled, nameShown],
  );
  const routeField = useMemo(
    () => (
      <NativeSelect
        label="Route"
        w={100}
        styles={TOUCH_INPUT}
        value={route}
        disabled={disabled}
        data={ROUTE_OPTIONS}
        onChange={(e) => setRoute(e.currentTarget.value as DrugRoute)}
      />
    ),
    [route, disabled],
  );
  const amountShown = amount.error ?? (tried && amountError ? amountError : undefined);
  const amountField = useMemo(
    () => (
      <LightTextInput
        label="Dose"
        inputMode="decimal"
        size="sm"
        width={100}
        value={amountText}
        disabled={disabled}
        error={amountShown}
        onChange={(e) => setAmountText(e.currentTarget.value)}
      />
    ),
    [amountText, disabled, amountShown],
  );
  const unitField = useMemo(
    () => (
      <NativeSelect
        label="Unit"
        w={90}
        styles={TOUCH_INPUT}
        value={unit}
        disabled={disabled}
        data={UNIT_OPTIONS}
        onChange={(e) => setUnit(e.currentTarget.value)}
      />
    ),
    [unit, disabled],
  );
  const timeField = useMemo(
    () => (
      <TimeField label="Time given" value={timeText} error={time.error} disabled={disabled} onChange={setTimeText} />
    ),
    [timeText, time.error, disabled],
  );
  const preProcedureField = useMemo(
    () => (
      <Checkbox
        label="Before the procedure"
        mt={34}
        size="md"
        checked={preProcedure}
        disabled={disabled}
        onChange={(e) => setPreProcedure(e.currentTarget.checked)}
      />
    ),
    [preProcedure, disabled],
  );
  const submitButton = useMemo(
    () => (
      <Button type="submit" mt={25} mih={44} disabled={disabled}>
        Add drug
      </Button>
    ),
    [disabled],
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" wrap="wrap" gap="sm">
        {nameField}
        {CATALOGUE_LIST}
        {routeField}
        {amountField}
        {unitField}
        {timeField}
        {preProcedureField}
        {submitButton}
      </Group>
    </form>
  );
}
