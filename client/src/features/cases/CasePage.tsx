import { Alert, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { SyncIndicator } from '../../sync/SyncIndicator.js';
import { useCaseDocument } from '../../sync/useCaseDocument.js';

/** Replaces a Y.Text's content by the smallest edit that turns it into `next`. */
export function applyTextEdit(text: Y.Text, next: string): void {
  const prev = text.toJSON();
  if (prev === next) return;
  let start = 0;
  while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
  let end = 0;
  while (
    end < prev.length - start &&
    end < next.length - start &&
    prev[prev.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  text.doc?.transact(() => {
    text.delete(start, prev.length - start - end);
    text.insert(start, next.slice(start, next.length - end));
  });
}

function useNotes(doc: Y.Doc | undefined, key: string): [string, (v: string) => void] {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      const t = root.get(key);
      setValue(t instanceof Y.Text ? t.toJSON() : typeof t === 'string' ? t : '');
    };
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc, key]);
  const write = (next: string): void => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    let text = root.get(key);
    if (!(text instanceof Y.Text)) {
      const created = new Y.Text(typeof text === 'string' ? text : '');
      root.set(key, created);
      text = created;
    }
    applyTextEdit(text as Y.Text, next);
  };
  return [value, write];
}

/**
 * The case screen's first slice (`/org/{orgId}/cases/{appointmentId}`): the case document
 * opened from this device and synced, its save status, who else has it open, and the
 * procedure notes. The rest of the charting screen comes with the case screen issue.
 */
export function CasePage(): ReactNode {
  const { orgId = '', appointmentId = '' } = useParams();
  const { kase, state } = useCaseDocument({
    orgId,
    docId: appointmentId,
    user: {
      name: 'Guest',
      role: 'provider',
      device: /Mobi|Tablet|iPad|Android/.test(navigator.userAgent) ? 'tablet' : 'desktop',
    },
  });
  const [notes, setNotes] = useNotes(state.device === 'loading' ? undefined : kase?.doc, 'procedureNotes');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Case
        </Title>
        <SyncIndicator state={state} />
      </Group>
      {state.peers.length > 0 && (
        <Text size="sm" data-testid="peers">
          Also charting: {state.peers.map((p) => `${p.name} (${p.role}, ${p.device})`).join(', ')}
        </Text>
      )}
      {state.schema === 'tooNew' && (
        <Alert color="orange" title="Update Vigil to edit this case" role="alert">
          This case was charted with a newer version of Vigil. Reload the app to update it; until then the case is
          read-only here.
        </Alert>
      )}
      <Textarea
        label="Procedure notes"
        autosize
        minRows={4}
        value={notes}
        disabled={state.device === 'loading' || state.schema === 'tooNew' || state.sync.refused !== null}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <Alert color="gray" title="More charting is on its way">
        Vitals, drugs, local anesthetics, IV, airway, events and discharge scoring arrive with the case screen.
      </Alert>
    </Stack>
  );
}
