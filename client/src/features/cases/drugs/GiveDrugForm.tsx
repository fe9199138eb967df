import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  CASE_DATA_MESSAGES,
  DRUG_MAXIMUM_TEXTS,
  DRUG_UNITS,
  checkDoseAgainstMaximum,
  dosePerKg,
  drugAgeWarning,
  newId,
  overMaximumLines,
  pctOfMaxForDisplay,
  type DoseCheck,
  type DrugMaximumRow,
  type DrugRoute,
} from '@vigil/shared';
import { ConfirmOverMaximum } from '../ConfirmOverMaximum.js';
import {
  DRUG_CATALOGUE,
  PARENTERAL_AND_ORAL_ROUTES,
  dosesOfDrug,
  drugIdFor,
  findCatalogueDrug,
  readAmount,
  readDoseTime,
  type CatalogueDrug,
  type DoseRecord,
  type DrugEntry,
} from './model.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { CheckboxField } from '../../../ui/kit/CheckboxField.js';
import { TimeField } from '../../../ui/kit/TimeField.js';

/** The drug names offered, the office's first (OD3): made again only when the list changes. */
function CatalogueList({ catalogue }: { catalogue: readonly CatalogueDrug[] }): ReactNode {
  return useMemo(
    () => (
      <datalist id="vigil-drug-catalogue">
        {catalogue.map((d) => (
          <option key={d.id} value={d.name} />
        ))}
      </datalist>
    ),
    [catalogue],
  );
}
const ROUTE_OPTIONS = [...PARENTERAL_AND_ORAL_ROUTES];
const UNIT_OPTIONS = [...DRUG_UNITS];

export interface GiveDrugFormProps {
  weightKg: number | null;
  /** The patient's age in whole years, when known: the maxima's age band (DM2). */
  ageYears?: number | null;
  /** The case's drug entries: the doses already given count toward the maximum (DM3). */
  given?: readonly DrugEntry[];
  disabled: boolean;
  onGive: (entry: DrugEntry) => void;
  now?: () => number;
  /** The drugs offered, the office's first (customize-drugs, OD3); the catalogue without one. */
  catalogue?: readonly CatalogueDrug[];
  /** The office's maxima of its own drugs (OD4). */
  officeRows?: readonly DrugMaximumRow[];
}

const NO_ROWS: readonly DrugMaximumRow[] = [];

const NOTHING_GIVEN: readonly DrugEntry[] = [];

/**
 * What the form says about the drug's maximum as soon as a drug and route are picked, before any
 * dose is typed (issue 25): the maximum for this patient with its source, the share already
 * given (every route counted, DM3) and, once a dose is typed, the share after it.
 */
function DoseCheckNote({
  check,
  drugName,
  route,
  typed,
  weightKg,
}: {
  check: DoseCheck;
  drugName: string;
  route: string;
  typed: boolean;
  weightKg: number | null;
}): ReactNode {
  const m = check.maximum;
  if (m == null) {
    return (
      <Alert color="yellow" variant="light" data-testid="dose-check">
        {DRUG_MAXIMUM_TEXTS.noMaximum(drugName, route)}
      </Alert>
    );
  }
  const before = check.pctBefore == null ? 0 : pctOfMaxForDisplay(check.pctBefore);
  const after = check.pctAfter == null ? null : pctOfMaxForDisplay(check.pctAfter);
  const over = typed ? check.exceeds : (check.pctBefore ?? 0) >= 100;
  const near = !over && ((typed && after != null && after >= 80) || before >= 80);
  return (
    <Alert
      color={over ? 'red' : near ? 'orange' : 'blue'}
      variant={over ? 'filled' : 'light'}
      role={over ? 'alert' : 'status'}
      data-testid="dose-check"
    >
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Maximum of {drugName}: {DRUG_MAXIMUM_TEXTS.maximum(m, weightKg)}
        </Text>
        <Text size="sm">
          Given so far: {before}% of the maximum
          {typed && after != null ? ` · after this dose: ${after}% of the maximum` : ''}
        </Text>
        {!m.perKgChecked && <Text size="sm">{DRUG_MAXIMUM_TEXTS.weightMissing(drugName)}</Text>}
        {!m.ageChecked && <Text size="sm">{DRUG_MAXIMUM_TEXTS.ageMissing(drugName)}</Text>}
        <Text size="xs" c={over ? undefined : 'dimmed'}>
          Source: {m.source}
        </Text>
      </Stack>
    </Alert>
  );
}

/** A drug entry of one dose, complete, with its per-kg dose when the weight is known. */
function drugEntry(
  drugId: string,
  name: string,
  weightKg: number | null,
  dose: Omit<DoseRecord, 'isComplete' | 'perKg'> & { amount: number },
): DrugEntry {
  return {
    id: newId('dos'),
    name,
    drugId,
    doses: [{ ...dose, isComplete: true, perKg: dosePerKg(dose.amount, weightKg) }],
  };
}

/** [DM6] The drug's age warning, with its source. */
function AgeWarning({ warning }: { warning: { text: string; source: string } }): ReactNode {
  return (
    <Alert color="orange" role="alert" data-testid="drug-age-warning">
      {warning.text}{' '}
      <Text span size="xs">
        ({warning.source})
      </Text>
    </Alert>
  );
}

/** What is typed in the form. */
interface DrugDraft {
  name: string;
  route: DrugRoute;
  unit: string;
  amountText: string;
  timeText: string;
  preProcedure: boolean;
}

/** The form's state setters (stable, so each field's element below is made again only when its values change). */
interface DrugDraftSetters {
  setName: Dispatch<SetStateAction<string>>;
  setRoute: Dispatch<SetStateAction<DrugRoute>>;
  setUnit: Dispatch<SetStateAction<string>>;
  setAmountText: Dispatch<SetStateAction<string>>;
  setTimeText: Dispatch<SetStateAction<string>>;
  setPreProcedure: Dispatch<SetStateAction<boolean>>;
}

interface DrugFieldsProps {
  catalogue: readonly CatalogueDrug[];
  values: DrugDraft;
  set: DrugDraftSetters;
  disabled: boolean;
  nameError: string | undefined;
  amountError: string | undefined;
  timeError: string | null;
}

/** The form's fields in a row, a drug from the catalogue setting its unit and a route it has. */
function DrugFields({
  catalogue,
  values,
  set,
  disabled,
  nameError,
  amountError,
  timeError,
}: DrugFieldsProps): ReactNode {
  const { name, route, unit, amountText, timeText, preProcedure } = values;
  const { setName, setRoute, setUnit, setAmountText, setTimeText, setPreProcedure } = set;
  // Each field's element is kept while its own values are the same, so a keystroke re-renders
  // the field typed in, not the whole form (on a throttled tablet each Mantine field costs). The
  // two typed in are plain elements in Mantine's markup (LightTextInput).
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
        error={nameError}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setName(text);
          const known = findCatalogueDrug(text, catalogue);
          if (known) {
            setUnit(known.unit);
            setRoute((r) => (known.routes.includes(r) ? r : known.routes[0]!));
          }
        }}
      />
    ),
    [catalogue, name, disabled, nameError, setName, setUnit, setRoute],
  );
  const routeField = useMemo(
    () => (
      <LightNativeSelect
        label="Route"
        size="sm"
        width={100}
        value={route}
        disabled={disabled}
        data={ROUTE_OPTIONS}
        onChange={(e) => setRoute(e.currentTarget.value as DrugRoute)}
      />
    ),
    [route, disabled, setRoute],
  );
  const amountField = useMemo(
    () => (
      <LightTextInput
        label="Dose"
        inputMode="decimal"
        size="sm"
        width={100}
        value={amountText}
        disabled={disabled}
        error={amountError}
        onChange={(e) => setAmountText(e.currentTarget.value)}
      />
    ),
    [amountText, disabled, amountError, setAmountText],
  );
  const unitField = useMemo(
    () => (
      <LightNativeSelect
        label="Unit"
        size="sm"
        width={90}
        value={unit}
        disabled={disabled}
        data={UNIT_OPTIONS}
        onChange={(e) => setUnit(e.currentTarget.value)}
      />
    ),
    [unit, disabled, setUnit],
  );
  const timeField = useMemo(
    () => (
      <TimeField label="Time given" value={timeText} error={timeError} disabled={disabled} onChange={setTimeText} />
    ),
    [timeText, timeError, disabled, setTimeText],
  );
  const preProcedureField = useMemo(
    () => (
      <CheckboxField
        label="Before the procedure"
        besideFields
        checked={preProcedure}
        disabled={disabled}
        onChange={setPreProcedure}
      />
    ),
    [preProcedure, disabled, setPreProcedure],
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
    <Group align="flex-start" wrap="wrap" gap="sm">
      {nameField}
      <CatalogueList catalogue={catalogue} />
      {routeField}
      {amountField}
      {unitField}
      {timeField}
      {preProcedureField}
      {submitButton}
    </Group>
  );
}

/**
 * Charting a drug given by mouth or injection (spec 001 §3, §5): drug by name (the catalogue,
 * or any name typed), route (PO, SL, IV, IMAD, IM, IN), dose in mg or mcg, time, and whether it
 * was given before the procedure. A drug without a name is refused with the MISSING_DRUG_NAME
 * text. The drug's maximum shows as soon as it is picked, and a dose that takes it past its
 * maximum is saved only after an explicit confirmation [DM4]; Cancel keeps the form as typed.
 */
export function GiveDrugForm({
  weightKg,
  ageYears = null,
  given = NOTHING_GIVEN,
  disabled,
  onGive,
  now = Date.now,
  catalogue = DRUG_CATALOGUE,
  officeRows = NO_ROWS,
}: GiveDrugFormProps): ReactNode {
  const [name, setName] = useState('');
  const [route, setRoute] = useState<DrugRoute>('IV');
  const [unit, setUnit] = useState<string>('mg');
  const [amountText, setAmountText] = useState('');
  const [timeText, setTimeText] = useState('');
  const [preProcedure, setPreProcedure] = useState(false);
  const [tried, setTried] = useState(false);
  const amount = readAmount(amountText);
  const time = readDoseTime(timeText, now());
  const nameError = name.trim() === '' ? CASE_DATA_MESSAGES.missingDrugName : null;
  const amountError = amount.error ?? (amount.value == null ? 'Enter the dose' : null);

  const [confirming, setConfirming] = useState<string[] | null>(null);
  const known = findCatalogueDrug(name, catalogue);
  const drugId = name.trim() === '' ? null : drugIdFor(name, catalogue);
  const drugName = known?.name ?? name.trim();
  const prior = useMemo(() => (drugId == null ? [] : dosesOfDrug(given, drugId)), [given, drugId]);
  const check =
    drugId == null
      ? null
      : checkDoseAgainstMaximum({
          drugId,
          drugName,
          dose: { amount: amount.value ?? 0, unit, route },
          given: prior,
          weightKg,
          ageYears,
          officeRows,
        });

  // [DM6] An age warning shows as soon as the drug and route are picked.
  const ageWarning = drugId == null ? null : drugAgeWarning(drugId, route, ageYears);

  const give = (): void => {
    // Read again as it is saved: an empty time is the moment of the tap (or of the confirmation).
    const at = readDoseTime(timeText, now());
    if (drugId == null || amount.value == null || at.value == null) return;
    onGive(
      drugEntry(drugId, drugName, weightKg, {
        drugId,
        route,
        amount: amount.value,
        amount_raw: amountText.trim(),
        unit,
        time: at.value,
        isPreProcedure: preProcedure,
      }),
    );
    setAmountText('');
    setTimeText('');
    setPreProcedure(false);
    setTried(false);
  };

  const submit = (): void => {
    setTried(true);
    if (nameError || amountError || amount.value == null || time.value == null) return;
    // [DM4] Past the maximum: nothing is saved until the provider confirms.
    if (check?.exceeds) {
      setConfirming(overMaximumLines(check, { amount: amount.value, unit, route }, weightKg));
      return;
    }
    give();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <DrugFields
          catalogue={catalogue}
          values={{ name, route, unit, amountText, timeText, preProcedure }}
          set={{ setName, setRoute, setUnit, setAmountText, setTimeText, setPreProcedure }}
          disabled={disabled}
          nameError={tried ? (nameError ?? undefined) : undefined}
          amountError={amount.error ?? (tried && amountError ? amountError : undefined)}
          timeError={time.error}
        />
        {known?.commonDoses && known.commonDoses.length > 0 && !disabled && (
          <Group gap={6} aria-label={`Common doses of ${known.name}`}>
            <Text size="sm">Common doses:</Text>
            {known.commonDoses.map((dose) => (
              <Button key={dose} size="compact-sm" variant="default" onClick={() => setAmountText(String(dose))}>
                {dose} {known.unit}
              </Button>
            ))}
          </Group>
        )}
        {ageWarning && !disabled && <AgeWarning warning={ageWarning} />}
        {check && !disabled && (known != null || amount.value != null) && (
          <DoseCheckNote
            check={check}
            drugName={drugName}
            route={route}
            typed={amount.value != null}
            weightKg={weightKg}
          />
        )}
      </Stack>
      {confirming && (
        <ConfirmOverMaximum
          title={DRUG_MAXIMUM_TEXTS.confirmTitle}
          lines={confirming}
          confirmLabel={DRUG_MAXIMUM_TEXTS.confirmAction}
          testId="over-maximum"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            give();
          }}
        />
      )}
    </form>
  );
}
