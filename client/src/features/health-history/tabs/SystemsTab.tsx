import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  canSaveSystemsReviewEntry,
  categoryConditions,
  findCondition,
  readSystemsReviewEntry,
  setUnansweredToNo,
  SYSTEMS_REVIEW_CATALOGUE,
  SYSTEMS_REVIEW_CATEGORY_ORDER,
  systemsReviewEntryText,
  systemsReviewState,
  type SystemsReviewCategory,
  type SystemsReviewCategoryDef,
  type SystemsReviewEntry,
  type SystemsReviewQuestion,
} from '@vigil/shared';
import { useId, type ReactNode } from 'react';
import { Segments } from '../../../ui/kit/LabelledSegments.js';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { answerCategoryPatch, categoryEntries, categoryEntriesPatch, newSystemsReviewEntry } from './model.js';
import { TabFrame } from './parts.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const STATE_TEXT = {
  healthy: 'Healthy: No to every system.',
  hasEntries: (n: number): string => `${n} condition${n === 1 ? '' : 's'} recorded.`,
  unanswered: (n: number): string => `${n} of 15 systems not answered yet.`,
};

/**
 * Systems (spec 002 §3, §4): the 15 categories in the spec's order, each with Yes / No. Yes adds
 * an entry being edited: the condition, then its follow-up questions (choices, free text, dates,
 * long text Other); Save, Edit, Remove and Add another. 'Set all unanswered to No' answers the
 * rest. Skipped when the history is entered elsewhere.
 */
export function SystemsTab({ data, set, readOnly }: HhxTabProps): ReactNode {
  const review = data.systemsReview ?? {};
  if (data.systemsReviewSkipped === true) {
    return (
      <TabFrame title="Systems">
        <Text>Skipped: this health history is entered elsewhere.</Text>
      </TabFrame>
    );
  }
  const state = systemsReviewState(review, false, SYSTEMS_REVIEW_CATEGORY_ORDER);
  const unanswered = SYSTEMS_REVIEW_CATEGORY_ORDER.filter((c) => typeof review[c]?.hasEntries !== 'boolean').length;
  return (
    <TabFrame title="Systems" intro="Has the patient ever had a problem with any of these systems?">
      <Group justify="space-between">
        <Text fw={500} data-testid="systems-state">
          {state.status === 'healthy'
            ? STATE_TEXT.healthy
            : state.status === 'unanswered' && state.entryCount === 0 && unanswered > 0
              ? STATE_TEXT.unanswered(unanswered)
              : `${STATE_TEXT.hasEntries(state.entryCount)}${unanswered > 0 ? ` ${STATE_TEXT.unanswered(unanswered)}` : ''}`}
        </Text>
        <Button
          variant="light"
          mih={44}
          disabled={readOnly || unanswered === 0}
          onClick={() => set({ systemsReview: { ...review, ...setUnansweredToNo(review) } })}
        >
          Set all unanswered to No
        </Button>
      </Group>
      {SYSTEMS_REVIEW_CATALOGUE.map((cat) => (
        <CategoryCard key={cat.id} cat={cat} data={data} set={set} readOnly={readOnly} />
      ))}
    </TabFrame>
  );
}

function CategoryCard({
  cat,
  data,
  set,
  readOnly,
}: {
  cat: SystemsReviewCategoryDef;
  data: HhxTabProps['data'];
  set: HhxTabProps['set'];
  readOnly: boolean;
}): ReactNode {
  const labelId = useId();
  const review = data.systemsReview ?? {};
  const state = review[cat.id];
  const entries = categoryEntries(state, readSystemsReviewEntry);
  const answer = state?.hasEntries === true ? 'yes' : state?.hasEntries === false ? 'no' : '';
  const write = (next: SystemsReviewEntry[]): void => set(categoryEntriesPatch(review, cat.id, next));
  const update = (entry: SystemsReviewEntry): void => write(entries.map((e) => (e.id === entry.id ? entry : e)));
  return (
    <section className={classes.card} aria-labelledby={labelId}>
      <Stack gap="sm">
        <div className={classes.row}>
          <Text id={labelId} fw={600} size="lg">
            {cat.label}
          </Text>
          <Segments
            labelledBy={labelId}
            value={answer}
            data={YES_NO}
            disabled={readOnly}
            onChange={(v) => set(answerCategoryPatch(review, cat.id, v === 'yes'))}
          />
        </div>
        {answer === 'yes' &&
          entries.map((entry) =>
            entry.editing && !readOnly ? (
              <EntryEditor
                key={entry.id}
                category={cat.id}
                categoryLabel={cat.label}
                entry={entry}
                onChange={update}
                onRemove={() => write(entries.filter((e) => e.id !== entry.id))}
              />
            ) : (
              <div key={entry.id} className={classes.row}>
                <Text>{systemsReviewEntryText(cat.id, entry)}</Text>
                {!readOnly && (
                  <Group gap={4}>
                    <Button
                      variant="subtle"
                      mih={44}
                      aria-label={`Edit ${systemsReviewEntryText(cat.id, entry)}`}
                      onClick={() => update({ ...entry, editing: true })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      mih={44}
                      aria-label={`Remove ${systemsReviewEntryText(cat.id, entry)}`}
                      onClick={() => write(entries.filter((e) => e.id !== entry.id))}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </div>
            ),
          )}
        {answer === 'yes' && !readOnly && (
          <Group>
            <Button
              variant="light"
              mih={44}
              aria-label={`Add another ${cat.label} condition`}
              onClick={() => write([...entries, newSystemsReviewEntry()])}
            >
              Add another
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

function EntryEditor({
  category,
  categoryLabel,
  entry,
  onChange,
  onRemove,
}: {
  category: SystemsReviewCategory;
  categoryLabel: string;
  entry: SystemsReviewEntry;
  onChange: (entry: SystemsReviewEntry) => void;
  onRemove: () => void;
}): ReactNode {
  const condition = findCondition(category, entry.condition);
  const options = [
    { value: '', label: 'Choose a condition…' },
    ...categoryConditions(category).map((c) => ({ value: c.id, label: c.label })),
  ];
  const answer = (id: string, value: string): void =>
    onChange({ ...entry, answers: { ...entry.answers, [id]: value } });
  const canSave = canSaveSystemsReviewEntry(category, entry);
  return (
    <Stack gap="sm" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-4)' }}>
      <NativeSelect
        {...TOUCH_INPUT}
        label={`${categoryLabel}: condition`}
        data={options}
        value={entry.condition}
        onChange={(e) => onChange({ ...entry, condition: e.currentTarget.value, answers: {} })}
      />
      {condition && (
        <div className={classes.grid}>
          {condition.questions.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={entry.answers[q.id] ?? ''}
              onChange={(v) => answer(q.id, v)}
            />
          ))}
        </div>
      )}
      {condition?.id === 'other' && !canSave && (
        <Alert color="gray" p="xs">
          Describe the condition to save it.
        </Alert>
      )}
      <Group>
        <Button mih={44} disabled={!canSave} onClick={() => onChange({ ...entry, editing: false })}>
          Save
        </Button>
        <Button variant="subtle" color="red" mih={44} onClick={onRemove}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}

function QuestionField({
  question: q,
  value,
  onChange,
}: {
  question: SystemsReviewQuestion;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const labelId = useId();
  switch (q.kind) {
    case 'choice':
      return (
        <div>
          <div id={labelId} className={classes.label}>
            {q.label}
          </div>
          <Segments
            labelledBy={labelId}
            value={value}
            data={q.options.map((o) => ({ value: o, label: o }))}
            onChange={onChange}
          />
        </div>
      );
    case 'text':
      return (
        <TextInput {...TOUCH_INPUT} label={q.label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'date':
      return (
        <TextInput
          {...TOUCH_INPUT}
          type="date"
          label={q.label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'longText':
      return (
        <Textarea
          size="md"
          label={q.label}
          minRows={3}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          style={{ gridColumn: '1 / -1' }}
        />
      );
  }
}
