import { Alert, Badge, Button, Card, Checkbox, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import {
  ANSWER_TEXT,
  answeredQuestions,
  factOffers,
  mergeOffers,
  PATIENT_HEALTH_HISTORY_TYPE,
  type FactOffer,
  type MergeFact,
  type MergeOffer,
} from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useCachedResources } from '../../data/useResources.js';
import { mergeHhx } from './api.js';
import { healthHistoryContent, type HealthHistoryCard } from '../../data/healthHistories.js';
import {
  MERGE_TARGET_TEXTS,
  mergeTarget,
  patientAnswersItems,
  type PatientAnswersItem,
} from '../../data/patientAnswers.js';

export interface PatientAnswersListProps {
  orgId: string;
  patientId: string;
  cards: readonly HealthHistoryCard[];
  /** Called with the history the answers went into (its id and Composition JSON). */
  onMerged: (result: { id: string; fhirJSON: string }) => Promise<void>;
}

/** A question's label before its answer: 'Cardiovascular:', a question as it is ('Have you had any surgery?'). */
const labelled = (label: string): string => (label.endsWith('?') ? label : `${label}:`);

/**
 * The patient's own answers (issue 28): each form's patient-answers health history with when it
 * came and whether it was merged; Review and merge opens what the patient said and merges it into
 * the health history in progress, a copy of the current one or a new one (mergeHhx). The
 * allergies and medications the patient named are offered one by one: only those ticked are
 * added; the allergies start ticked (issue 35: a reported anaphylaxis is never left out unless
 * staff untick it), the medications and stated facts unticked.
 */
export function PatientAnswersList({ orgId, patientId, cards, onMerged }: PatientAnswersListProps): ReactNode {
  const cached = useCachedResources(orgId, 'Composition', {
    subject: `Patient/${patientId}`,
    type: `${PATIENT_HEALTH_HISTORY_TYPE.system}|${PATIENT_HEALTH_HISTORY_TYPE.code}`,
  });
  const items = useMemo(() => patientAnswersItems(cached.data ?? [], patientId), [cached.data, patientId]);
  const [open, setOpen] = useState<PatientAnswersItem | null>(null);
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="patient-answers">
      <Title order={3} size="h5">
        Patient&rsquo;s answers
      </Title>
      {items.map((item) => (
        <Card key={item.id} withBorder padding="sm" data-testid="patient-answers-item">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>{item.answers.formName}</Text>
              <Text size="sm">Answered {new Date(item.answers.submittedAt).toLocaleString()}</Text>
            </Stack>
            <Group gap="xs">
              <Badge color={item.mergedInto.length > 0 ? 'green' : 'yellow'} variant="light" c="dark">
                {item.mergedInto.length > 0 ? 'Merged' : 'Not merged yet'}
              </Badge>
              <Button mih={44} variant="default" onClick={() => setOpen(item)}>
                Review and merge
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      {open && (
        <MergeDialog
          orgId={orgId}
          item={open}
          cards={cards}
          onClose={() => setOpen(null)}
          onMerged={async (r) => {
            setOpen(null);
            await onMerged(r);
          }}
        />
      )}
    </Stack>
  );
}

/** An offer to tick: an allergy or medication by its index, or a stated fact by its key. */
interface Offer<K> {
  key: K;
  label: string;
  already: boolean;
}

function OfferList<K extends string | number>({
  title,
  offers,
  chosen,
  onToggle,
}: {
  title: string;
  offers: readonly Offer<K>[];
  chosen: readonly K[];
  onToggle: (key: K) => void;
}): ReactNode {
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {offers.map((o) => (
        <Checkbox
          key={o.key}
          label={o.already ? `${o.label} (already on the health history)` : `Add ${o.label} to the health history`}
          checked={o.already || chosen.includes(o.key)}
          disabled={o.already}
          onChange={() => onToggle(o.key)}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
      ))}
    </Stack>
  );
}

const byIndex = (offers: readonly MergeOffer[]): Offer<number>[] =>
  offers.map((o) => ({ key: o.index, label: o.label, already: o.already }));

function MergeDialog({
  orgId,
  item,
  cards,
  onClose,
  onMerged,
}: {
  orgId: string;
  item: PatientAnswersItem;
  cards: readonly HealthHistoryCard[];
  onClose: () => void;
  onMerged: (result: { id: string; fhirJSON: string }) => Promise<void>;
}): ReactNode {
  const target = mergeTarget(cards);
  const targetData = target.kind === 'new' ? {} : healthHistoryContent(target.card.composition);
  const offers = mergeOffers(targetData, item.answers);
  const facts = factOffers(targetData, item.answers);
  const factsOf = (...keys: MergeFact[]): FactOffer[] => facts.filter((f) => keys.includes(f.key));
  // [HM3] Every allergy the patient reported is merged unless staff untick it (issue 35).
  const [allergies, setAllergies] = useState<number[]>(() =>
    offers.allergies.filter((o) => !o.already).map((o) => o.index),
  );
  const [medications, setMedications] = useState<number[]>([]);
  const [chosenFacts, setChosenFacts] = useState<MergeFact[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle =
    <K,>(set: (f: (list: K[]) => K[]) => void) =>
    (key: K): void =>
      set((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  const questions = answeredQuestions(item.answers.healthHistory);
  const flagged = questions.filter((q) => q.answer !== 'no');
  const answeredNo = questions.filter((q) => q.answer === 'no');
  const { answers } = item;

  const merge = (): void => {
    setBusy(true);
    setError(null);
    mergeHhx(orgId, item.id, target.kind === 'new' ? null : target.card.id, {
      allergies,
      medications,
      facts: chosenFacts,
    })
      .then(onMerged)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };

  return (
    <Modal opened onClose={onClose} title={`Patient's answers: ${answers.formName}`} size="lg">
      <Stack gap="sm">
        {flagged.length > 0 && (
          <List spacing={4} aria-label="Health questions">
            {flagged.map((q) => (
              <List.Item key={q.label}>
                <Text span fw={600}>
                  {labelled(q.label)}
                </Text>{' '}
                {ANSWER_TEXT[q.answer]}
                {q.conditions.length > 0 ? ` (${q.conditions.join(', ')})` : ''}
              </List.Item>
            ))}
          </List>
        )}
        {answeredNo.length > 0 && (
          <Text size="sm" data-testid="answered-no">
            <Text span fw={600}>
              Answered No:
            </Text>{' '}
            {answeredNo.map((q) => q.label).join('; ')}
          </Text>
        )}
        {answers.healthHistory?.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {answers.healthHistory.notes}
          </Text>
        )}
        {(answers.height || answers.weight) &&
          (factsOf('height', 'weight').length > 0 ? (
            <OfferList
              title="Height and weight"
              offers={factsOf('height', 'weight')}
              chosen={chosenFacts}
              onToggle={toggle(setChosenFacts)}
            />
          ) : (
            // Typed without a unit (an older form): shown to read, never copied as a number.
            <Text size="sm">
              {[answers.height && `Height: ${answers.height}`, answers.weight && `Weight: ${answers.weight}`]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ))}
        {answers.allergies !== null &&
          (offers.allergies.length > 0 || factsOf('noAllergies').length > 0 ? (
            <OfferList
              title="Allergies"
              offers={[...byIndex(offers.allergies), ...factsOf('noAllergies')]}
              chosen={[...allergies, ...chosenFacts]}
              onToggle={(key) => (typeof key === 'number' ? toggle(setAllergies)(key) : toggle(setChosenFacts)(key))}
            />
          ) : (
            <Text size="sm">Allergies: none</Text>
          ))}
        {answers.medications !== null &&
          (offers.medications.length > 0 || factsOf('noMedications').length > 0 ? (
            <OfferList
              title="Medications"
              offers={[...byIndex(offers.medications), ...factsOf('noMedications')]}
              chosen={[...medications, ...chosenFacts]}
              onToggle={(key) => (typeof key === 'number' ? toggle(setMedications)(key) : toggle(setChosenFacts)(key))}
            />
          ) : (
            <Text size="sm">Medications: none</Text>
          ))}
        {item.mergedInto.length > 0 && (
          <Alert color="blue">These answers were already merged; merging again adds only what is missing.</Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button mih={44} variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button mih={44} loading={busy} onClick={merge}>
            {MERGE_TARGET_TEXTS[target.kind]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
