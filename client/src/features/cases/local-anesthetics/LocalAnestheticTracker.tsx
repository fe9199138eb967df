import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import {
  caseCardiacDisease,
  caseLimitSet,
  doseWeight,
  epinephrineLimit,
  findVariant,
  localDoseAmounts,
  newId,
  signoffLimitSetNote,
  trackerLimitSet,
  type PatientSex,
  kgText,
} from '@vigil/shared';
import { NumberField } from '../../../ui/kit/NumberField.js';
import { ConfirmOverMaximum } from '../ConfirmOverMaximum.js';
import {
  PICKABLE_VARIANTS,
  VARIANT_COLOURS,
  checkLocalDose,
  doseWeightText,
  limitedByText,
  pickWarnings,
  remainingFor,
  summarizeLocalDoses,
  variantLabel,
  type ChartedLocalDose,
} from './localAnesthetics.js';
import { clockTime } from '../../../ui/format.js';
import { readDoseTime } from '../drugs/model.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { PAINTS_ALONE } from '../lightTable.js';
import { Segments } from '../../../ui/kit/LabelledSegments.js';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { useCaseList, useCaseValue } from '../../../case/index.js';
import { SwitchField } from '../../../ui/kit/SwitchField.js';
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

function pctColour(pct: number | null): string {
  if (pct == null) return 'gray';
  return pct > 100 ? 'red' : pct >= 80 ? 'orange' : 'green';
}

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
  // Cardiovascular disease sets the epinephrine limit (EP2): the case's switch, else the health history.
  const [cardiacSwitch, setCardiacSwitch] = useCaseValue<boolean>(doc, 'cardiacDisease');
  const [systemsReview] = useCaseValue<unknown>(doc, 'systemsReview');
  const heart = caseCardiacDisease({ cardiacDisease: cardiacSwitch, systemsReview });
  const cardiac = heart.cardiac;
  // The limit set chosen for the case (kept in it, so sign-off checks it too, LA19), else the age default.
  const [chosenLimits, setChosenLimits] = useCaseValue<string>(doc, 'localAnestheticLimits');
  const limits = trackerLimitSet(ageYears, caseLimitSet({ localAnestheticLimits: chosenLimits }));
  const limitsNote = signoffLimitSetNote(ageYears, limits);
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
  const heartText =
    heart.source === 'healthHistory'
      ? `From the health history: ${heart.conditions.join(', ')}.`
      : heart.source === 'case' && heart.conditions.length > 0
        ? `Set on this case; the health history lists ${heart.conditions.join(', ')}.`
        : heart.source === 'case'
          ? 'Set on this case.'
          : 'None in the health history.';
  const onPick = pickWarnings(variantId, ageYears);
  const [confirming, setConfirming] = useState<string[] | null>(null);

  const give = (): void => {
    // Read again as it is saved: an empty time is the moment of the tap (or of the confirmation).
    const at = readDoseTime(timeText, Date.now());
    if (!preview || amount == null || !variant || at.value == null) return;
    setTimeText('');
    doses.add({
      id: newId('dos'),
      drugVariantId: variantId,
      time: at.value,
      amount,
      amount_raw: String(amount),
      unit: effectiveUnit,
      epiConcentration: variant.epi,
      cartridges: preview.cartridges,
      mg: preview.mg,
      epiMg: preview.epiMg,
    });
  };

  // Past the drug's or the combined maximum: nothing is charted until the provider confirms.
  const add = (): void => {
    if (!preview || amount == null || !variant || time.error != null) return;
    if (check?.exceeds) {
      setConfirming([
        `${variantLabel(variant)}: ${amount} ${effectiveUnit === 'ml' ? 'mL' : effectiveUnit === 'mg' ? 'mg' : amount === 1 ? 'cartridge' : 'cartridges'} (${preview.mg} mg)`,
        `Total after this dose: ${check.drugMgAfter} mg ${check.drugName}`,
        check.maxMg == null
          ? `${check.drugName} has no maximum`
          : `Maximum: ${check.maxMg} mg ${check.drugName}${weightKg == null ? ' (absolute limit only: no weight)' : ` for ${weightWords}`}`,
        `${check.drugPctAfter ?? '–'}% of the maximum dose; all local anesthetics combined ${check.combinedPctAfter}%`,
        ...(check.epiExceeds
          ? [
              `Epinephrine after this dose: ${check.epiMgAfter} mg, past the ${check.epiMaxMg} mg limit of a visit${cardiac ? ' with cardiovascular disease' : ''}`,
            ]
          : []),
      ]);
      return;
    }
    give();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="la-tracker-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="la-tracker-title">
            Local Anesthetics
          </Title>
          <Segments
            ariaLabel="Maximum dose limits"
            value={limits}
            onChange={(v) => setChosenLimits(v === 'manufacturer' ? 'manufacturer' : 'aapd')}
            disabled={disabled}
            data={[
              { value: 'aapd', label: 'Pediatric dentistry (AAPD)' },
              { value: 'manufacturer', label: 'Manufacturer' },
            ]}
          />
        </Group>
        {limitsNote && (
          <Text size="sm" c="orange.9" data-testid="la-signoff-limits">
            {limitsNote}
          </Text>
        )}
        {summary.issues.map((i) => {
          const over = i.severity === 'error' || i.code.endsWith('_EXCEEDED');
          return (
            <Alert
              key={`${i.code}-${i.message}`}
              color={over ? 'red' : 'orange'}
              variant={over ? 'filled' : 'light'}
              role="alert"
            >
              {i.message}
            </Alert>
          );
        })}
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <SwitchField
            label={`Cardiovascular disease: epinephrine ${epinephrineLimit({ cardiac: true }).maxMg} mg a visit`}
            description={heartText}
            checked={cardiac}
            onChange={(on) => setCardiacSwitch(on)}
            disabled={disabled}
          />
          <Badge
            color={pctColour(summary.epinephrine.pct)}
            variant="light"
            size="lg"
            tt="none"
            data-testid="la-epinephrine"
          >
            Epinephrine {summary.epinephrine.givenMg} of {summary.epinephrine.maxMg} mg ({summary.epinephrine.pct}%)
          </Badge>
        </Group>
        {onPick.map((text) => (
          <Alert key={text} color="orange" role="alert" data-testid="la-pick-warning">
            {text}
          </Alert>
        ))}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" role="radiogroup" aria-label="Local anesthetic">
          {PICKABLE_VARIANTS.map((v) => {
            const colour = VARIANT_COLOURS[v.id] ?? { background: '#fff', text: '#000' };
            const selected = v.id === variantId;
            return (
              <UnstyledButton
                key={v.id}
                role="radio"
                aria-checked={selected}
                onClick={() => setVariantId(v.id)}
                disabled={disabled}
                style={{
                  minHeight: 48,
                  padding: '8px 10px',
                  borderRadius: 8,
                  background: colour.background,
                  color: colour.text,
                  border: selected ? '3px solid #1c7ed6' : '1px solid #adb5bd',
                  boxShadow: selected ? '0 0 0 2px #fff inset' : undefined,
                  fontWeight: selected ? 700 : 500,
                }}
              >
                {variantLabel(v)}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        <CustomDilution variantId={variantId} dilutions={dilutions} disabled={disabled ?? false} />
        <Group align="flex-end" wrap="wrap">
          <NumberField
            label="Amount"
            value={amount}
            onChange={setAmount}
            min={0}
            step={effectiveUnit === 'cartridges' ? 0.5 : 1}
            decimalScale={2}
            w={140}
            {...TOUCH_INPUT}
            disabled={disabled}
          />
          <Segments
            ariaLabel="Unit"
            value={effectiveUnit}
            onChange={(v) => setUnit(v === 'ml' || v === 'mg' ? v : 'cartridges')}
            disabled={disabled || mgOnly}
            data={[
              { value: 'cartridges', label: 'Cartridges' },
              { value: 'ml', label: 'mL' },
              { value: 'mg', label: 'mg' },
            ]}
          />
          <TimeField
            label="Time given"
            value={timeText}
            error={time.error}
            disabled={disabled}
            onChange={setTimeText}
          />
          <Button onClick={add} disabled={disabled || !preview || time.error != null} mih={44}>
            Give dose
          </Button>
        </Group>
        {preview && variant && (
          <Text size="sm" data-testid="la-preview">
            = {preview.mg} mg {variantLabel(variant)}
            {preview.epiMg > 0 ? `, ${preview.epiMg} mg epinephrine` : ''}
            {check?.drugPctAfter != null
              ? `; after this dose ${check.drugName} is at ${check.drugPctAfter}% of max`
              : ''}
            {check?.epiExceeds
              ? `; epinephrine past its limit (${check.epiMgAfter} of ${check.epiMaxMg} mg this visit)`
              : ''}
          </Text>
        )}
        {remaining && variant && (
          <Text size="sm" data-testid="la-remaining">
            Up to {remaining.mg} mg ({remaining.cartridges} cartridges) more of {variantLabel(variant)}
            {weightKg == null ? ' (absolute limit only: no weight)' : ` for ${weightWords}`}
          </Text>
        )}
        {(limitedBy || weightText) && (
          <Stack gap={2}>
            {limitedBy && (
              <Text size="sm" c="dimmed" data-testid="la-limited-by">
                {limitedBy}
              </Text>
            )}
            {weightText && (
              <Text size="sm" c="dimmed" data-testid="la-dose-weight">
                {weightText}
              </Text>
            )}
          </Stack>
        )}
        {summary.rows.length > 0 && (
          <Stack gap={6} data-testid="la-totals">
            {summary.rows.map((r) => (
              <div key={r.drugId}>
                <Group justify="space-between">
                  <Text size="sm">
                    {r.name}: {r.mg} mg
                  </Text>
                  <Badge color={pctColour(r.pctOfMax)} variant="light">
                    {r.pctOfMax == null ? 'no maximum' : `${r.pctOfMax}% of max`}
                  </Badge>
                </Group>
                {r.pctOfMax != null && (
                  <Progress value={Math.min(r.pctOfMax, 100)} color={pctColour(r.pctOfMax)} aria-hidden />
                )}
              </div>
            ))}
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                All local anesthetics combined
              </Text>
              <Badge color={pctColour(summary.combinedPct)} data-testid="la-combined">
                {summary.combinedPct}% of max
              </Badge>
            </Group>
          </Stack>
        )}
        {summary.notes
          .filter((n) => !onPick.includes(n))
          .map((n) => (
            <Alert key={n} color="yellow" variant="light">
              {n}
            </Alert>
          ))}
        {doses.items.length > 0 && (
          <Table striped aria-label="Local anesthetic doses given" className={PAINTS_ALONE}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Drug</Table.Th>
                <Table.Th>Given</Table.Th>
                <Table.Th>mg</Table.Th>
                <Table.Th>Epinephrine mg</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...doses.items]
                .sort((a, b) => a.time - b.time)
                .map((d) => {
                  const v = findVariant(d.drugVariantId);
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>{clockTime(d.time)}</Table.Td>
                      <Table.Td>{v ? variantLabel(v) : d.drugVariantId}</Table.Td>
                      <Table.Td>
                        {d.amount}{' '}
                        {d.unit === 'ml' ? 'mL' : d.unit === 'mg' ? 'mg' : d.amount === 1 ? 'cartridge' : 'cartridges'}
                      </Table.Td>
                      <Table.Td>{d.mg}</Table.Td>
                      <Table.Td>{d.epiMg}</Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          color="red"
                          mih={44}
                          disabled={disabled}
                          aria-label={`Remove ${v ? variantLabel(v) : 'dose'} at ${clockTime(d.time)}`}
                          onClick={() => {
                            if (window.confirm('Remove this dose?')) doses.removeWhere((x) => x.id === d.id);
                          }}
                        >
                          Remove
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
            </Table.Tbody>
          </Table>
        )}
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
