import { SimpleGrid, Stack } from '@mantine/core';
import { isValidAirwayDistance, thyromentalDistanceNote, upperLipBiteNote, type AirwayNote } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { LightText } from '../../../ui/LightLayout.js';
import { useCaseValue } from '../../../case/index.js';

/** Stored Mallampati and upper lip bite values may be 'Class II' / 'Class 3' (older data): the bare class. */
const bare = (v: unknown): string => (typeof v === 'string' ? v.replace(/^Class\s+/i, '') : '');

const MALLAMPATI = [
  { value: '', label: 'Not examined' },
  ...['I', 'II', 'III', 'IV'].map((v) => ({ value: v, label: `Class ${v}` })),
];
const BRODSKY = [{ value: '', label: 'Not examined' }, ...['0', '1+', '2+', '3+', '4+']];
const ULBT = [{ value: '', label: 'Not examined' }, ...['1', '2', '3'].map((v) => ({ value: v, label: `Class ${v}` }))];

function ChoiceLine({
  doc,
  field,
  label,
  data,
  disabled,
}: {
  doc: CaseDoc | undefined;
  field: 'mallampati' | 'brodsky' | 'ulbt';
  label: string;
  data: readonly (string | { value: string; label: string })[];
  disabled: boolean;
}): ReactNode {
  const [value, setValue] = useCaseValue<string>(doc, field);
  return (
    <LightNativeSelect
      size="sm"
      label={label}
      value={field === 'brodsky' ? (typeof value === 'string' ? value : '') : bare(value)}
      data={data}
      disabled={disabled}
      onChange={(e) => setValue(e.currentTarget.value || null)}
    />
  );
}

/**
 * A distance in cm (AW3: at most 2 digits before and after the point): only a valid text (or a
 * cleared field) is written to the case, an invalid one stays on screen with its error.
 */
function DistanceLine({
  doc,
  field,
  label,
  disabled,
}: {
  doc: CaseDoc | undefined;
  field: 'tmd' | 'iid';
  label: string;
  disabled: boolean;
}): ReactNode {
  const [value, setValue] = useCaseValue<number>(doc, field);
  const stored = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(stored);
  useEffect(() => {
    setText((t) => (isValidAirwayDistance(t) && Number(t) === value ? t : stored));
  }, [stored, value]);
  const invalid = text.trim() !== '' && !isValidAirwayDistance(text);
  return (
    <LightTextInput
      size="sm"
      label={label}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      error={invalid ? 'Use at most 2 digits before and after the point' : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (next.trim() === '') setValue(null);
        else if (isValidAirwayDistance(next)) setValue(Number(next.trim()));
      }}
    />
  );
}

function TextLine({
  doc,
  field,
  label,
  disabled,
}: {
  doc: CaseDoc | undefined;
  field: 'lungAuscultation' | 'heartAuscultation';
  label: string;
  disabled: boolean;
}): ReactNode {
  const [value, setValue] = useCaseValue<string>(doc, field);
  return (
    <LightTextInput
      size="sm"
      label={label}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      onChange={(e) => setValue(e.currentTarget.value || null)}
    />
  );
}

function Note({ note }: { note: AirwayNote | null }): ReactNode {
  if (!note) return null;
  return (
    <LightText size="sm" fw={600} c={note.level === 'error' ? 'red.8' : 'orange.9'} role="alert">
      {note.message}
    </LightText>
  );
}

/**
 * The airway examination of the day (HX1 both: copied from the health history when the case has
 * none, then examined again and changed on the case), with the airway notes of spec 002 §5 (AW1,
 * AW2), so the provider sees a difficult airway on the case screen, not only in the history.
 */
export function CaseAirwayExam({ doc, readOnly }: { doc: CaseDoc | undefined; readOnly: boolean }): ReactNode {
  const [ulbt] = useCaseValue<string>(doc, 'ulbt');
  const [tmd] = useCaseValue<number>(doc, 'tmd');
  const disabled = readOnly || !doc;
  return (
    <Stack gap="xs" role="group" aria-label="Airway examination">
      <LightText size="sm" fw={600}>
        Airway examination (examine again on the day)
      </LightText>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <ChoiceLine doc={doc} field="mallampati" label="Mallampati" data={MALLAMPATI} disabled={disabled} />
        <ChoiceLine doc={doc} field="brodsky" label="Brodsky" data={BRODSKY} disabled={disabled} />
        <ChoiceLine doc={doc} field="ulbt" label="Upper lip bite" data={ULBT} disabled={disabled} />
        <DistanceLine doc={doc} field="tmd" label="Thyromental distance (cm)" disabled={disabled} />
        <DistanceLine doc={doc} field="iid" label="Inter-incisor distance (cm)" disabled={disabled} />
        <TextLine doc={doc} field="lungAuscultation" label="Lungs" disabled={disabled} />
        <TextLine doc={doc} field="heartAuscultation" label="Heart" disabled={disabled} />
      </SimpleGrid>
      <Note note={upperLipBiteNote(typeof ulbt === 'string' ? ulbt : null)} />
      <Note note={thyromentalDistanceNote(typeof tmd === 'number' ? tmd : null)} />
    </Stack>
  );
}
