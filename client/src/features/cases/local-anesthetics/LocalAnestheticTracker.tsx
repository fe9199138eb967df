import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { doseWeight, findVariant, localDoseAmounts, newId, type PatientSex, kgText } from '@vigil/shared';
import { ConfirmOverMaximum } from '../ConfirmOverMaximum.js';
import {
  cardiacSourceText,
  localDoseRecord,
  checkLocalDose,
  overMaximumLines,
  doseWeightText,
  limitedByText,
  pickWarnings,
  remainingFor,
  summarizeLocalDoses,
  type ChartedLocalDose,
} from './localAnesthetics.js';
import { useCaseDosing } from './useCaseDosing.js';
import { CardiacRow, DoseEntryRow, DoseHints, TrackerHeader } from './DoseEntry.js';
import { DoseIssueAlerts, LocalDoseTable, LocalDoseTotals, VariantPicker } from './LocalDoseParts.js';
import { readDoseTime } from '../drugs/model.js';
import { useCaseList } from '../../../case/index.js';
import { CustomDilution } from './CustomDilution.js';

export interface LocalAnestheticTrackerProps {
  doc: CaseDoc | undefined;
  /** The weight charted on the case (actual body weight). */
  weightKg: number | null;
  ageYears: number | null;
  /** The height charted on the case, for the ideal body weight of an adult (IBW2). */
  heightCm?: number | null;
  /** The patient's sex from the patient record (FHIR gender), for the ideal body weight. */
  sex?: PatientSex | null;
  disabled?: boolean;
}

type Unit = ChartedLocalDose['unit'];

/**
 * The local anesthetic tracker (spec 002 §1, §3, §5, §9): pick a variant by its cartridge
 * colour, enter cartridges, mL or mg, and see mg, epinephrine, percent of maximum per drug and
 * combined against the manufacturer or pediatric-dentistry limits for this patient, with the
 * age warnings and reminders in the spec's words. Warnings show at the top, and a variant's age
 * warning as soon as it is picked; a dose that takes its drug or all local anesthetics combined
 * past 100 % is charted only after an explicit confirmation (issue 25). Cancel keeps the amount.
 */
export function LocalAnestheticTracker({
  doc,
  weightKg: actualWeightKg,
  ageYears,
  heightCm = null,
  sex = null,
  disabled,
}: LocalAnestheticTrackerProps): ReactNode {
  const doses = useCaseList(doc, 'localDoses');
  // Maxima are worked on the ideal body weight of an adult whose weight overstates it (IBW2).
  const dosing = doseWeight({ weightKg: actualWeightKg, heightCm, sex, ageYears });
  const weightKg = dosing.kg;
  const weightWords =
    weightKg == null ? '' : dosing.basis === 'ideal' ? `${kgText(weightKg)} ideal body weight` : kgText(weightKg);
  const { heart, setCardiacSwitch, limits, setChosenLimits, limitsNote } = useCaseDosing(doc, ageYears);
  const cardiac = heart.cardiac;
  const [variantId, setVariantId] = useState('lidocaine-epi100');
  const [unit, setUnit] = useState<Unit>('cartridges');
  const [amount, setAmount] = useState<number | null>(1);
  const [timeText, setTimeText] = useState('');
  const time = readDoseTime(timeText, Date.now());
  const variant = findVariant(variantId);
  const mgOnly = variant?.drugId === 'exparel';
  const effectiveUnit: Unit = mgOnly ? 'mg' : unit;
  const dilutions = useCaseList(doc, 'customDilutions');
  // The case's custom dilution of this variant, when it has one (LA3, LA15).
  const dilutionPercent = dilutions.items.find((d) => d.variantId === variantId)?.percent ?? null;
  const preview =
    amount != null && amount > 0 ? localDoseAmounts({ variantId, amount, unit: effectiveUnit, dilutionPercent }) : null;
  const summary = summarizeLocalDoses(doses.items, weightKg, ageYears, limits, cardiac);
  const remaining = remainingFor(variantId, doses.items, weightKg, limits, dilutionPercent, cardiac);
  const check = preview
    ? checkLocalDose(variantId, preview.mg, doses.items, weightKg, limits, { epiMg: preview.epiMg, cardiac })
    : null;
  const limitedBy = limitedByText({ variantId, doses: doses.items, weight: dosing, limits, cardiac, dilutionPercent });
  const weightText = doseWeightText(dosing, sex);
  const heartText = cardiacSourceText(heart);
  const onPick = pickWarnings(variantId, ageYears);
  const [confirming, setConfirming] = useState<string[] | null>(null);

  const give = (): void => {
    // Read again as it is saved: an empty time is the moment of the tap (or of the confirmation).
    const at = readDoseTime(timeText, Date.now());
    if (!preview || amount == null || !variant || at.value == null) return;
    setTimeText('');
    doses.add({ id: newId('dos'), ...localDoseRecord(variant, at.value, amount, effectiveUnit, preview) });
  };

  // Past the drug's or the combined maximum: nothing is charted until the provider confirms.
  const add = (): void => {
    if (!preview || amount == null || !variant || time.error != null) return;
    if (check?.exceeds) {
      setConfirming(
        overMaximumLines({
          variant,
          amount,
          unit: effectiveUnit,
          mg: preview.mg,
          check,
          weightKg,
          weightWords,
          cardiac,
        }),
      );
      return;
    }
    give();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="la-tracker-title">
      <Stack gap="md">
        <TrackerHeader
          limits={limits}
          onLimits={(v) => setChosenLimits(v === 'manufacturer' ? 'manufacturer' : 'aapd')}
          disabled={disabled}
        />
        {limitsNote && (
          <Text size="sm" c="orange.9" data-testid="la-signoff-limits">
            {limitsNote}
          </Text>
        )}
        <DoseIssueAlerts issues={summary.issues} />
        <CardiacRow
          cardiac={cardiac}
          source={heartText}
          epinephrine={summary.epinephrine}
          onCardiac={(on) => setCardiacSwitch(on)}
          disabled={disabled}
        />
        {onPick.map((text) => (
          <Alert key={text} color="orange" role="alert" data-testid="la-pick-warning">
            {text}
          </Alert>
        ))}
        <VariantPicker variantId={variantId} onPick={setVariantId} disabled={disabled} />
        <CustomDilution variantId={variantId} dilutions={dilutions} disabled={disabled ?? false} />
        <DoseEntryRow
          amount={amount}
          onAmount={setAmount}
          unit={effectiveUnit}
          onUnit={setUnit}
          mgOnly={mgOnly}
          timeText={timeText}
          timeError={time.error}
          onTime={setTimeText}
          canGive={preview != null && time.error == null}
          onGive={add}
          disabled={disabled}
        />
        <DoseHints
          variant={variant}
          preview={preview}
          check={check}
          remaining={remaining}
          weighed={weightKg != null}
          weightWords={weightWords}
          limitedBy={limitedBy}
          weightText={weightText}
        />
        <LocalDoseTotals summary={summary} />
        {summary.notes
          .filter((n) => !onPick.includes(n))
          .map((n) => (
            <Alert key={n} color="yellow" variant="light">
              {n}
            </Alert>
          ))}
        <LocalDoseTable
          doses={doses.items}
          disabled={disabled}
          onRemove={(id) => doses.removeWhere((x) => x.id === id)}
        />
      </Stack>
      {confirming && (
        <ConfirmOverMaximum
          title="Over the maximum dose"
          lines={confirming}
          confirmLabel="Give anyway"
          testId="la-over-maximum"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            give();
          }}
        />
      )}
    </Paper>
  );
}
