import { Alert, Badge, Button, Card, Checkbox, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import {
  ANSWER_TEXT,
  answeredQuestions,
  mergeOffers,
  PATIENT_HEALTH_HISTORY_TYPE,
  type MergeOffer,
} from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useCachedResources } from '../../data/useResources.js';
import { mergeHhx } from './api.js';
import { healthHistoryContent, type HealthHistoryCard } from './histories.js';
import { MERGE_TARGET_TEXTS, mergeTarget, patientAnswersItems, type PatientAnswersItem } from './patientAnswers.js';

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
 * allergies and medications the patient named are offered one by one: only those ticked are added.
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

function OfferList({
  title,
  offers,
  chosen,
  onToggle,
}: {
  title: string;
  offers: MergeOffer[];
  chosen: number[];
  onToggle: (index: number) => void;
}): ReactNode {
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {offers.map((o) => (
        <Checkbox
          key={o.index}
          label={o.already ? `${o.label} (already on the health history)` : `Add ${o.label} to the health history`}
          checked={o.already || chosen.includes(o.index)}
          disabled={o.already}
          onChange={() => onToggle(o.index)}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
      ))}
    </Stack>
  );
}

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
  const [allergies, setAllergies] = useState<number[]>([]);
  const [medications, setMedications] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle =
    (set: (f: (list: number[]) => number[]) => void) =>
    (index: number): void =>
      set((list) => (list.includes(index) ? list.filter((i) => i !== index) : [...list, index]));
  const questions = answeredQuestions(item.answers.healthHistory);
  const flagged = questions.filter((q) => q.answer !== 'no');
  const answeredNo = questions.filter((q) => q.answer === 'no');
  const { answers } = item;

  const merge = (): void => {
    setBusy(true);
    setError(null);
    mergeHhx(orgId, item.id, target.kind === 'new' ? null : target.card.id, { allergies, medications })
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
        {(answers.height || answers.weight) && (
          <Text size="sm">
            {[answers.height && `Height: ${answers.height}`, answers.weight && `Weight: ${answers.weight}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {answers.allergies !== null &&
          (offers.allergies.length > 0 ? (
            <OfferList title="Allergies" offers={offers.allergies} chosen={allergies} onToggle={toggle(setAllergies)} />
          ) : (
            <Text size="sm">Allergies: none</Text>
          ))}
        {answers.medications !== null &&
          (offers.medications.length > 0 ? (
            <OfferList
              title="Medications"
              offers={offers.medications}
              chosen={medications}
              onToggle={toggle(setMedications)}
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
