import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { isNegativeAnswer, type SummaryField } from '@vigil/shared';
import { useId, type ReactNode } from 'react';
import { Segments } from '../../../ui/kit/LabelledSegments.js';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { measurementHint, type MeasurementUnits } from '../../../data/measurements.js';
import { measurementPatch, measurementText } from './model.js';
import type { HhxTabProps } from './types.js';
import classes from './tabs.module.css';

/** A tab's frame: its heading and a column of fields, phone-friendly (one column under 600 px). */
export function TabFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <section className={classes.tab} aria-label={title}>
      <h2 className={classes.title}>{title}</h2>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      <Stack gap="lg">{children}</Stack>
    </section>
  );
}

/** A labelled radio group of 44 px segments; the value '' is unanswered. */
export function Choice({
  label,
  value,
  options,
  onChange,
  disabled,
  description,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled: boolean;
  description?: ReactNode;
}): ReactNode {
  const id = useId();
  return (
    <div>
      <div id={id} className={classes.label}>
        {label}
      </div>
      <Segments labelledBy={id} value={value} data={[...options]} onChange={onChange} disabled={disabled} />
      {description}
    </div>
  );
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A yes/no question stored as a boolean (null: unanswered). */
export function YesNo({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: boolean | null | undefined;
  onChange: (value: boolean) => void;
  disabled: boolean;
}): ReactNode {
  return (
    <Choice
      label={label}
      value={value == null ? '' : value ? 'yes' : 'no'}
      options={YES_NO}
      onChange={(v) => onChange(v === 'yes')}
      disabled={disabled}
    />
  );
}

/**
 * A history text with quick values (spec 002 §3: NKDA, CTAB, RRR w/o murmur, 'No known anesthesia
 * complications'): a tap fills the answer; below it, whether the answer counts as none (HH1).
 */
export function SummaryText({
  label,
  field,
  value,
  quick,
  onChange,
  disabled,
  required,
}: {
  label: string;
  field?: SummaryField;
  value: string | null | undefined;
  quick: readonly string[];
  onChange: (value: string | null) => void;
  disabled: boolean;
  required?: boolean;
}): ReactNode {
  const text = value ?? '';
  const none = text.trim() !== '' && field != null && isNegativeAnswer(text, field);
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        withAsterisk={required}
        value={text}
        disabled={disabled}
        minRows={2}
        rows={2}
        size="md"
        onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        description={none ? 'Counted as none' : undefined}
      />
      {quick.length > 0 && (
        <Group gap="xs">
          {quick.map((q) => (
            <Button
              key={q}
              variant={text === q ? 'filled' : 'light'}
              mih={44}
              disabled={disabled}
              aria-label={`${label}: ${q}`}
              onClick={() => onChange(q)}
            >
              {q}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A long free text (notes, EMR summary). */
export function NotesText({
  label,
  value,
  onChange,
  disabled,
  description,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  disabled: boolean;
  description?: string;
}): ReactNode {
  return (
    <Textarea
      label={label}
      description={description}
      value={value ?? ''}
      disabled={disabled}
      minRows={5}
      rows={5}
      size="md"
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
    />
  );
}

/** A unit as the field's hint names it ('in' alone reads as a word). */
const UNIT_NAMES: Readonly<Record<string, string>> = { in: 'inches', cm: 'cm', lb: 'lb', kg: 'kg' };

/** The organisation's units as the measurement parser takes them. */
export function unitsOf(context: HhxTabProps['context']): MeasurementUnits {
  return { height: context.heightUnit, weight: context.weightUnit };
}

/**
 * Height or weight as raw text in the organisation's units (spec 002 §5): the stored value under
 * it while it reads, 'Failed to parse' when it does not.
 */
export function MeasurementField({
  kind,
  data,
  set,
  readOnly,
  context,
}: HhxTabProps & { kind: 'height' | 'weight' }): ReactNode {
  const units = unitsOf(context);
  const text = measurementText(data, kind);
  const hint = measurementHint(kind, text, units);
  const unit = kind === 'height' ? units.height : units.weight;
  return (
    <TextInput
      {...TOUCH_INPUT}
      label={kind === 'height' ? 'Height' : 'Weight'}
      withAsterisk
      value={text}
      disabled={readOnly}
      placeholder={kind === 'height' ? (unit === 'in' ? `e.g. 5' 4" or 64 in` : 'e.g. 162 cm') : `e.g. 70 ${unit}`}
      description={`A number alone is read in ${UNIT_NAMES[unit] ?? unit}; or type a unit`}
      error={hint.kind === 'failed' ? hint.text : undefined}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      rightSectionWidth={96}
      rightSection={
        hint.kind === 'parsed' ? (
          <Text size="sm" c="dimmed" data-testid={`${kind}-parsed`}>
            {hint.text}
          </Text>
        ) : null
      }
      onChange={(e) => {
        set(measurementPatch(kind, e.currentTarget.value, units));
      }}
    />
  );
}
