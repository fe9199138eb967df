import { Button, Checkbox, Fieldset, Group, Image, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SignaturePad } from '../../ui/SignaturePad.js';
import { SIGNATURE_HEIGHT, SIGNATURE_MAX_WIDTH } from '../../ui/signaturePath.js';
import { PLAIN_EXTRA_QUESTIONS, type OrgFormField as FormField } from '@vigil/shared';
import {
  withAnswer,
  type AllergyAnswer,
  type FieldAnswers,
  type ListAnswer,
  type MedicationAnswer,
} from './answers.js';
import { MEASURE_HINTS, measureProblem } from './measure.js';
import {
  EMPTY_HISTORY,
  PATIENT_HISTORY_CATEGORIES,
  type CategoryAnswer,
  type ExtraAnswer,
  type PatientHistoryAnswers,
} from './patientHistory.js';
import { SelfieCapture } from './SelfieCapture.js';

export interface FieldInputProps {
  field: FormField;
  answers: FieldAnswers;
  onChange: (next: FieldAnswers) => void;
  disabled?: boolean;
}

const INPUT_STYLES = { input: { minHeight: 44 } };

function Required({ field }: { field: FormField }): ReactNode {
  return field.required ? null : (
    <Text span size="sm" c="dimmed">
      {' '}
      (optional)
    </Text>
  );
}

/** A field's label with '(optional)' after it when the field is not required. */
function FieldLabel({ field }: { field: FormField }): ReactNode {
  return (
    <>
      {field.label}
      <Required field={field} />
    </>
  );
}

interface ListFieldProps<T extends object> {
  field: FormField;
  value: ListAnswer<T>;
  onChange: (v: ListAnswer<T>) => void;
  disabled: boolean;
  blank: T;
  parts: readonly { key: keyof T & string; label: string }[];
  noneLabel: string;
  addLabel: string;
}

function ListField<T extends object>({
  field,
  value,
  onChange,
  disabled,
  blank,
  parts,
  noneLabel,
  addLabel,
}: ListFieldProps<T>): ReactNode {
  const items = value.items.length === 0 && !value.none ? [blank] : value.items;
  const setItem = (i: number, item: T): void =>
    onChange({ none: false, items: items.map((x, j) => (j === i ? item : x)) });
  return (
    <Fieldset legend={<FieldLabel field={field} />}>
      <Stack gap="xs">
        <Checkbox
          label={noneLabel}
          checked={value.none}
          disabled={disabled}
          onChange={(e) =>
            onChange({ none: e.currentTarget.checked, items: e.currentTarget.checked ? [] : value.items })
          }
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
        {!value.none &&
          items.map((item, i) => (
            <Stack key={i} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
              {parts.map((p) => (
                <TextInput
                  key={p.key}
                  label={`${p.label} ${items.length > 1 ? i + 1 : ''}`.trim()}
                  value={String(item[p.key] ?? '')}
                  disabled={disabled}
                  onChange={(e) => setItem(i, { ...item, [p.key]: e.currentTarget.value })}
                  styles={INPUT_STYLES}
                />
              ))}
              {items.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  mih={44}
                  disabled={disabled}
                  onClick={() => onChange({ none: false, items: items.filter((_, j) => j !== i) })}
                >
                  Remove
                </Button>
              )}
            </Stack>
          ))}
        {!value.none && (
          <Button
            variant="light"
            mih={44}
            disabled={disabled}
            onClick={() => onChange({ none: false, items: [...items, blank] })}
          >
            {addLabel}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}

function YesNo({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: 'yes' | 'no' | null;
  onChange: (v: 'yes' | 'no') => void;
  disabled: boolean;
}): ReactNode {
  return (
    <Radio.Group label={label} value={value ?? ''} onChange={(v) => onChange(v === 'yes' ? 'yes' : 'no')}>
      <Group gap="lg" mt={4}>
        <Radio value="yes" label="Yes" disabled={disabled} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
        <Radio value="no" label="No" disabled={disabled} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
      </Group>
    </Radio.Group>
  );
}

function HistoryField({
  field,
  value,
  onChange,
  disabled,
}: {
  field: FormField;
  value: PatientHistoryAnswers;
  onChange: (v: PatientHistoryAnswers) => void;
  disabled: boolean;
}): ReactNode {
  const setCategory = (id: string, a: CategoryAnswer): void =>
    onChange({ ...value, categories: { ...value.categories, [id]: a } });
  const setExtra = (id: string, a: ExtraAnswer): void => onChange({ ...value, extra: { ...value.extra, [id]: a } });
  return (
    <Fieldset legend={<FieldLabel field={field} />}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Answer each question. If you answer Yes, tick what applies or tell us in your own words.
        </Text>
        {PATIENT_HISTORY_CATEGORIES.map((c) => {
          const a = value.categories[c.id] ?? { answer: null, conditions: [], details: '' };
          return (
            <Stack key={c.id} gap={4}>
              <YesNo
                label={c.question}
                value={a.answer}
                disabled={disabled}
                onChange={(v) => setCategory(c.id, { ...a, answer: v })}
              />
              {a.answer === 'yes' && (
                <Stack gap={2} pl="md">
                  <Checkbox.Group
                    label="Which?"
                    value={a.conditions}
                    onChange={(conditions) => setCategory(c.id, { ...a, conditions })}
                  >
                    <Stack gap={0}>
                      {c.conditions.map((k) => (
                        <Checkbox
                          key={k.id}
                          value={k.id}
                          label={k.label}
                          disabled={disabled}
                          styles={{ body: { minHeight: 40, alignItems: 'center' } }}
                        />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                  <Textarea
                    label="In your own words (optional)"
                    autosize
                    minRows={2}
                    value={a.details}
                    disabled={disabled}
                    onChange={(e) => setCategory(c.id, { ...a, details: e.currentTarget.value })}
                  />
                </Stack>
              )}
            </Stack>
          );
        })}
        {PLAIN_EXTRA_QUESTIONS.map((q) => {
          const a = value.extra[q.id] ?? { answer: null, details: '' };
          return (
            <Stack key={q.id} gap={4}>
              <YesNo
                label={q.question}
                value={a.answer}
                disabled={disabled}
                onChange={(v) => setExtra(q.id, { ...a, answer: v })}
              />
              {a.answer === 'yes' && (
                <Textarea
                  label={q.details}
                  autosize
                  minRows={2}
                  value={a.details}
                  disabled={disabled}
                  onChange={(e) => setExtra(q.id, { ...a, details: e.currentTarget.value })}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
    </Fieldset>
  );
}

function SignatureField({ field, answers, onChange, disabled }: FieldInputProps & { disabled: boolean }): ReactNode {
  const [open, setOpen] = useState(false);
  const path = answers.signature[field.name] ?? '';
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        <FieldLabel field={field} />
      </Text>
      {path !== '' && (
        <svg
          role="img"
          aria-label="Your signature"
          viewBox={`0 0 ${SIGNATURE_MAX_WIDTH} ${SIGNATURE_HEIGHT}`}
          style={{ width: '100%', maxWidth: 330, border: '1px solid var(--mantine-color-gray-4)', background: 'white' }}
        >
          <path d={path} fill="none" stroke="black" strokeWidth={2} strokeLinecap="round" />
        </svg>
      )}
      <Button
        variant="light"
        mih={44}
        disabled={disabled}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {path === '' ? 'Add Signature' : 'Change'}
      </Button>
      <SignaturePad
        opened={open}
        onClose={() => setOpen(false)}
        onSign={(p) => {
          onChange(withAnswer(answers, 'signature', field.name, p));
          setOpen(false);
        }}
      />
    </Stack>
  );
}

function SelfieField({ field, answers, onChange, disabled }: FieldInputProps & { disabled: boolean }): ReactNode {
  const [open, setOpen] = useState(false);
  const photo = answers.selfie[field.name] ?? '';
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        <FieldLabel field={field} />
      </Text>
      {photo !== '' && <Image src={photo} alt="Your photo" w={160} h={160} radius="md" />}
      <Button
        variant="light"
        mih={44}
        disabled={disabled}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {photo === '' ? 'Add Selfie' : 'Change'}
      </Button>
      <SelfieCapture
        opened={open}
        onClose={() => setOpen(false)}
        onCapture={(dataUrl) => {
          onChange(withAnswer(answers, 'selfie', field.name, dataUrl));
          setOpen(false);
        }}
      />
    </Stack>
  );
}

/** A list field not answered yet. */
const NO_ANSWER = { none: false, items: [] };

/** What each list field asks: its entry's parts, its 'none' box and its add button. */
const LIST_FIELDS = {
  allergies: {
    blank: { name: '', reaction: '' },
    parts: [
      { key: 'name', label: 'Allergic to' },
      { key: 'reaction', label: 'What happens' },
    ],
    noneLabel: 'I have no allergies',
    addLabel: 'Add another allergy',
  },
  medications: {
    blank: { name: '', dose: '' },
    parts: [
      { key: 'name', label: 'Medication' },
      { key: 'dose', label: 'Dose and how often' },
    ],
    noneLabel: 'I take no medications',
    addLabel: 'Add another medication',
  },
} as const satisfies {
  allergies: Omit<ListFieldProps<AllergyAnswer>, 'field' | 'value' | 'onChange' | 'disabled'>;
  medications: Omit<ListFieldProps<MedicationAnswer>, 'field' | 'value' | 'onChange' | 'disabled'>;
};

/** One form field as the patient answers it (spec 000 §3 form-builder field types). */
export function FieldInput({ field, answers, onChange, disabled = false }: FieldInputProps): ReactNode {
  switch (field.type) {
    case 'bodyHeight':
    case 'bodyWeight': {
      const raw = answers.text[field.name] ?? '';
      return (
        <TextInput
          label={<FieldLabel field={field} />}
          description={MEASURE_HINTS[field.type].example}
          value={raw}
          disabled={disabled}
          error={measureProblem(field.type, raw)}
          onChange={(e) => onChange(withAnswer(answers, 'text', field.name, e.currentTarget.value))}
          styles={INPUT_STYLES}
        />
      );
    }
    case 'text':
      return (
        <TextInput
          label={<FieldLabel field={field} />}
          value={answers.text[field.name] ?? ''}
          disabled={disabled}
          autoComplete="name"
          onChange={(e) => onChange(withAnswer(answers, 'text', field.name, e.currentTarget.value))}
          styles={INPUT_STYLES}
        />
      );
    case 'allergies':
      return (
        <ListField<AllergyAnswer>
          {...LIST_FIELDS.allergies}
          field={field}
          value={answers.allergies[field.name] ?? NO_ANSWER}
          onChange={(v) => onChange(withAnswer(answers, 'allergies', field.name, v))}
          disabled={disabled}
        />
      );
    case 'medications':
      return (
        <ListField<MedicationAnswer>
          {...LIST_FIELDS.medications}
          field={field}
          value={answers.medications[field.name] ?? NO_ANSWER}
          onChange={(v) => onChange(withAnswer(answers, 'medications', field.name, v))}
          disabled={disabled}
        />
      );
    case 'healthHistory':
      return (
        <HistoryField
          field={field}
          value={answers.healthHistory[field.name] ?? EMPTY_HISTORY}
          onChange={(v) => onChange(withAnswer(answers, 'healthHistory', field.name, v))}
          disabled={disabled}
        />
      );
    case 'signature':
      return <SignatureField field={field} answers={answers} onChange={onChange} disabled={disabled} />;
    case 'selfie':
      return <SelfieField field={field} answers={answers} onChange={onChange} disabled={disabled} />;
  }
}
