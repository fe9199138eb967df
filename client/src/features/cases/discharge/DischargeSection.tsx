import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { isOneOf, DISCHARGE_SCORE_TYPES, VITALS_SCORE_LABELS, type DischargeScoreType } from '@vigil/shared';
import { useId, useMemo, type ReactNode } from 'react';
import { LabelledSegments } from '../../../ui/kit/LabelledSegments.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import type { CaseSectionProps } from '../caseSection.js';
import { useCaseList, useCaseRecord, useCaseValue, useVitalsRecords } from '../../../case/index.js';
import { dischargeModel, vitalsEnds, vitalsSeries, type DischargeModel } from './discharge.js';
import classes from './DischargeSection.module.css';

/**
 * One discharge item (spec 001 §3): its scores as a native radio group, highest first, each
 * choice saying what the score means beside it ("2  SpO2 over 92% on room air"), never a bare
 * 0 / 1 / 2 (issue 25).
 */
function DischargeItem({
  item,
  disabled,
  onChange,
}: {
  item: DischargeModel['items'][number];
  disabled: boolean;
  onChange: (score: number) => void;
}): ReactNode {
  const name = useId();
  return (
    <fieldset className={classes.item} disabled={disabled}>
      <legend className={classes.legend}>{item.label}</legend>
      <div role="radiogroup" aria-label={item.label} className={classes.choices}>
        {Array.from({ length: item.max + 1 }, (_, i) => item.max - i).map((score) => (
          // The row is the radio's target (the radio covers it); its name is the score, and the
          // meaning describes it, so a screen reader says "2, Fully awake".
          <div key={score} className={classes.choice}>
            <label className={classes.score}>
              <input
                type="radio"
                className={classes.input}
                name={name}
                value={score}
                checked={item.score === score}
                aria-describedby={`${name}-${score}`}
                onChange={() => onChange(score)}
              />
              {score}
            </label>
            <span id={`${name}-${score}`}>{item.choices[score] ?? ''}</span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Discharge (spec 001 §3–§5): Aldrete or PADS, each item scored, the vitals comparison between
 * the first and last vitals and its score, the total against the target (Aldrete 12, PADS 9)
 * and whether the score is complete.
 */
export function DischargeSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const [storedType, setType] = useCaseValue<string>(doc, 'dischargeScoreType');
  const [entries, setEntry] = useCaseRecord<{ score: number }>(doc, 'dischargeScoreEntries');
  const manual = useCaseList(doc, 'manualVitals').items;
  const records = useVitalsRecords(doc);
  const type: DischargeScoreType = isOneOf(DISCHARGE_SCORE_TYPES, storedType) ? storedType : 'aldrete';
  // Each list read on its own change: a manual entry does not go over every monitor reading again.
  const manualEnds = useMemo(() => vitalsEnds(manual), [manual]);
  const recordEnds = useMemo(() => vitalsEnds(records), [records]);
  const series = useMemo(() => vitalsSeries(manualEnds, recordEnds), [manualEnds, recordEnds]);
  const model = dischargeModel(type, entries, series);
  const { summary } = model;
  const simulated = useMemo(() => records.some((r) => r.simulated), [records]);

  return (
    <SectionFrame
      id="case-discharge"
      title="Discharge"
      aside={
        <Badge
          size="lg"
          variant="light"
          color={summary.complete ? (summary.meetsTarget ? 'green' : 'orange') : 'gray'}
          data-testid="discharge-state"
        >
          {summary.complete ? (summary.meetsTarget ? 'Complete: target met' : 'Complete: below target') : 'Incomplete'}
        </Badge>
      }
    >
      <Stack gap="md">
        <LabelledSegments
          label="Discharge score"
          value={type}
          disabled={readOnly}
          data={[
            { value: 'aldrete', label: 'Aldrete' },
            { value: 'pads', label: 'PADS' },
          ]}
          onChange={(v) => setType(v)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {model.items.map((item) => (
            <DischargeItem
              key={item.id}
              item={item}
              disabled={readOnly}
              onChange={(score) => setEntry(item.id, { score })}
            />
          ))}
        </SimpleGrid>
        {simulated && (
          <Text size="sm" c="orange.9" data-testid="discharge-simulated">
            Simulated monitor readings are not the patient&apos;s and are left out of the vitals comparison.
          </Text>
        )}
        {model.comparisons.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vitals to compare yet: the vitals score needs a first and a last value of at least two vitals.
          </Text>
        ) : (
          <Table aria-label="Vitals comparison" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vital</Table.Th>
                <Table.Th>First</Table.Th>
                <Table.Th>Last</Table.Th>
                <Table.Th>Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {model.comparisons.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.startValue}</Table.Td>
                  <Table.Td>{c.endValue}</Table.Td>
                  <Table.Td>{c.percentageDelta == null ? '—' : `${c.percentageDelta}%`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="lg">
          <Text data-testid="discharge-vitals-score">
            Vitals score: {summary.vitalsScore == null ? 'not enough vitals' : summary.vitalsScore}
          </Text>
          {summary.vitalsScore != null && (
            <Text size="sm" c="dimmed" data-testid="discharge-vitals-meaning">
              {VITALS_SCORE_LABELS[summary.vitalsScore]}
            </Text>
          )}
          <Text fw={700} data-testid="discharge-total">
            Total {summary.totalScore} / target {summary.targetScore}
          </Text>
        </Group>
      </Stack>
    </SectionFrame>
  );
}
