import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { patientDisplayName, type Patient } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { discardOutboxEntry, overwriteWithMine, replayOutbox, type OutboxEntry } from '../../data/db.js';
import { saveErrorText } from './PatientForm.js';
import { FhirRequestError } from '../../data/fhir.js';

export interface PatientOutboxProps {
  orgId: string;
  entries: readonly OutboxEntry[];
}

function RefusedEntry({ orgId, entry }: { orgId: string; entry: OutboxEntry }): ReactNode {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = patientDisplayName(entry.resource as Patient) || entry.id;
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(saveErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  const conflict = entry.status === 'conflict';
  return (
    <Alert
      color={conflict ? 'orange' : 'red'}
      role="alert"
      title={conflict ? `Conflicting change to ${name}` : `${name} could not be saved`}
    >
      <Stack gap="xs">
        <Text size="sm">
          {conflict
            ? 'This change was made offline, and someone else changed the patient on the server in the meantime. Nothing was overwritten.'
            : saveErrorText(new FhirRequestError(entry.error ?? 'UNKNOWN', undefined, outcomeOf(entry)))}
        </Text>
        {error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        <Group>
          {conflict && (
            <Button
              size="xs"
              mih={36}
              loading={busy}
              onClick={() => void run(() => overwriteWithMine(orgId, entry.seq!))}
            >
              Keep my change
            </Button>
          )}
          <Button
            size="xs"
            mih={36}
            variant="default"
            disabled={busy}
            onClick={() => void run(() => discardOutboxEntry(orgId, entry.seq!))}
          >
            {conflict ? 'Keep the server version' : 'Discard my change'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function outcomeOf(entry: OutboxEntry): FhirRequestError['outcome'] {
  return {
    resourceType: 'OperationOutcome',
    issue: (entry.messages.length ? entry.messages : ['']).map((m) => ({
      severity: 'error',
      code: 'processing',
      details: { text: entry.error ?? 'UNKNOWN' },
      ...(m ? { diagnostics: m } : {}),
    })),
  };
}

/** Patients changed on this device and not on the server yet, and changes the server refused. */
export function PatientOutbox({ orgId, entries }: PatientOutboxProps): ReactNode {
  const pending = entries.filter((e) => e.status === 'pending');
  const refused = entries.filter((e) => e.status !== 'pending');
  if (entries.length === 0) return null;
  return (
    <Stack gap="xs">
      {pending.length > 0 && (
        <Alert color="blue" role="status" data-testid="outbox-pending">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {pending.length === 1 ? '1 patient change is' : `${pending.length} patient changes are`} saved on this
              device and will be sent when the network is back.
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void replayOutbox(orgId).catch(() => undefined)}>
              Try now
            </Button>
          </Group>
        </Alert>
      )}
      {refused.map((e) => (
        <RefusedEntry key={e.seq} orgId={orgId} entry={e} />
      ))}
    </Stack>
  );
}
