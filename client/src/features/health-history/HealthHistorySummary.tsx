import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { HEALTH_HISTORY_STATUS_PILLS, type HealthHistoryStatus } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { copyHhx, newHhx } from './api.js';
import { HHX_TEXTS } from './editorModel.js';
import type { HealthHistoryCard } from '../../data/healthHistories.js';
import { cacheComposition, usePatientHealthHistories, type PatientHealthHistories } from './hooks.js';
import { PatientAnswersList } from './PatientAnswers.js';

const PILL_COLOURS: Readonly<Record<HealthHistoryStatus, string>> = {
  inProgress: 'yellow',
  outdated: 'red',
  mostRecent: 'green',
  previous: 'gray',
};

/** The editor's route of a history. */
export function healthHistoryPath(orgId: string, patientId: string, id: string): string {
  return `/org/${encodeURIComponent(orgId)}/patients/${encodeURIComponent(patientId)}/health-histories/${encodeURIComponent(id)}`;
}

export interface HealthHistorySummaryProps {
  orgId: string;
  histories: PatientHealthHistories;
}

/**
 * The Health History summary (spec 002 §2, §4): a card per history with its status pill
 * (In-Progress, Outdated, Most Recent, Previous), medical alert count, last update and signer; the
 * Make-changes button on the newest (Continue Health History, or Update Health History, which
 * copies it and opens the copy); New Health History; the empty state.
 */
export function HealthHistorySummary({ orgId, histories }: HealthHistorySummaryProps): ReactNode {
  const navigate = useNavigate();
  const { patientId, cards, state } = histories;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (id: string): void => {
    void navigate(healthHistoryPath(orgId, patientId, id));
  };
  const run = (key: string, call: () => Promise<{ id: string; fhirJSON: string }>): void => {
    setBusy(key);
    setError(null);
    call()
      .then(async (r) => {
        await cacheComposition(orgId, r.fhirJSON);
        open(r.id);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(null));
  };
  const inProgress = cards.some((c) => c.status === 'inProgress' && !c.signer);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="hhx-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="hhx-heading">
            Health History
          </Title>
          {!inProgress && (
            <Button
              mih={44}
              variant="default"
              loading={busy === 'new'}
              onClick={() => run('new', () => newHhx(orgId, patientId))}
            >
              New Health History
            </Button>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {HHX_TEXTS.finalizeFailed} ({error})
          </Alert>
        )}
        {state === 'fetching' ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>{HHX_TEXTS.fetching}</Text>
          </Group>
        ) : state === 'error' ? (
          <Alert color="red" role="alert">
            {HHX_TEXTS.fetchError(histories.error ?? 'unknown error')}
          </Alert>
        ) : cards.length === 0 ? (
          <Text c="dimmed" data-testid="hhx-empty">
            No health history yet. Start one before this patient&rsquo;s next sedation.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {cards.map((c) => (
              <HistoryCard
                key={c.id}
                card={c}
                busy={busy === c.id}
                onOpen={() => open(c.id)}
                onMakeChanges={() => (c.status === 'inProgress' ? open(c.id) : run(c.id, () => copyHhx(orgId, c.id)))}
              />
            ))}
          </SimpleGrid>
        )}
        <PatientAnswersList
          orgId={orgId}
          patientId={patientId}
          cards={cards}
          onMerged={async (r) => {
            await cacheComposition(orgId, r.fhirJSON);
            open(r.id);
          }}
        />
      </Stack>
    </Card>
  );
}

function HistoryCard({
  card,
  busy,
  onOpen,
  onMakeChanges,
}: {
  card: HealthHistoryCard;
  busy: boolean;
  onOpen: () => void;
  onMakeChanges: () => void;
}): ReactNode {
  const pill = HEALTH_HISTORY_STATUS_PILLS[card.status];
  return (
    <Card withBorder padding="sm" data-testid="hhx-card" aria-label={`Health history ${pill}`}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Badge color={PILL_COLOURS[card.status]} variant="filled" data-testid="hhx-pill">
            {pill}
          </Badge>
          <Badge color={card.alertCount > 0 ? 'red' : 'gray'} variant="light" data-testid="hhx-alerts">
            {card.alertCount} medical {card.alertCount === 1 ? 'alert' : 'alerts'}
          </Badge>
        </Group>
        <Text size="sm">Last updated: {card.lastUpdated ? new Date(card.lastUpdated).toLocaleString() : '—'}</Text>
        <Text size="sm" data-testid="hhx-signer">
          {card.signer
            ? `${card.signer.how === 'signed' ? 'Signed by' : 'Marked complete by'} ${card.signer.name}`
            : 'Not signed'}
        </Text>
        <Group gap="xs">
          <Button variant="subtle" mih={44} onClick={onOpen}>
            View
          </Button>
          {card.makeChanges && (
            <Button mih={44} loading={busy} onClick={onMakeChanges}>
              {card.makeChanges}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The patient's Health History summary (issue 27), with a link to its page: the patient page's slot. */
export function PatientHealthHistory({ orgId, patientId }: { orgId: string; patientId: string }): ReactNode {
  const histories = usePatientHealthHistories(orgId, patientId);
  return <HealthHistorySummary orgId={orgId} histories={histories} />;
}
