import { Alert, Badge, Button, Code, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { refusalText, type EmrWriteBackView } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import * as data from '../../data/emr.js';
import { errorCode } from '../../data/graphql.js';
import { useLoad } from '../../data/useLoad.js';

/** What the EMR section calls: the server's GraphQL by default, a test's stand-ins otherwise. */
export type EmrApi = Pick<typeof data, 'fetchEmrConnection' | 'setEmrConnection' | 'removeEmrConnection'>;
export const SERVER_EMR_API: EmrApi = data;

export interface EmrConnectionSectionProps {
  orgId: string;
  api?: EmrApi;
}

const WORDING = {
  INVALID_INPUT: 'Enter the EMR’s FHIR address (https) and the client id Vigil is registered with there.',
  CONFLICT: 'Another office is connected to this EMR address.',
};

export const WRITE_BACK_STATUS: Readonly<Record<EmrWriteBackView['status'], { label: string; color: string }>> = {
  pending: { label: 'Trying again', color: 'yellow' },
  done: { label: 'Saved to EMR', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const EVENT_LABELS: Readonly<Record<string, string>> = {
  'case.finalized': 'Case finalized',
  'addendum.signed': 'Addendum signed',
};

const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toLocaleString());

/**
 * The office's EMR connection on /org/{orgId}/integrations (issue 42): the form setting it (the
 * EMR's FHIR address, Vigil's client id and secret there; the secret is never shown again), its
 * removal, and the write-backs of signed records with their attempts.
 */
export function EmrConnectionSection({ orgId, api = SERVER_EMR_API }: EmrConnectionSectionProps): ReactNode {
  const load = useCallback(() => api.fetchEmrConnection(orgId), [api, orgId]);
  const emr = useLoad(load);
  const [iss, setIss] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const connection = emr.data?.connection ?? null;
  useEffect(() => {
    if (!connection) return;
    setIss(connection.iss);
    setClientId(connection.clientId);
  }, [connection]);

  const run = async (change: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      await change();
      setSecret('');
      emr.reload();
    } catch (err) {
      setFailure(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  const save = (): Promise<void> =>
    run(() =>
      api.setEmrConnection(orgId, { iss: iss.trim(), clientId: clientId.trim(), clientSecret: secret || null }),
    );
  const remove = (): Promise<void> => run(() => api.removeEmrConnection(orgId));

  return (
    <Stack gap="sm">
      <Text maw={760}>
        An EMR opens Vigil for one of its users with SMART on FHIR (the EHR launch) or a signed launch link: the user
        gets a session limited to this office, on the EMR&apos;s patient and case. Finalized records and addenda are
        written back to the EMR (the signed PDF, the record, vitals, medications and the procedure); a failed write-back
        is tried again for 24 hours and never changes the signed record in Vigil.
      </Text>
      {emr.error && !emr.loading && (
        <Alert color="red" role="alert">
          {refusalText(emr.error)}
        </Alert>
      )}
      {connection ? (
        <Text>
          Connected to <Code>{connection.iss}</Code> as <Code>{connection.clientId}</Code>
          {connection.hasClientSecret ? ' (confidential client)' : ' (public client: no write-back)'}. Register{' '}
          <Code>{`${window.location.origin}${connection.redirectPath}`}</Code> as the redirect URI and{' '}
          <Code>{`${window.location.origin}${connection.launchPath}`}</Code> as the launch URL at the EMR.
        </Text>
      ) : (
        emr.data && <Text>No EMR connected.</Text>
      )}
      <TextInput
        label="EMR FHIR address (SMART iss)"
        placeholder="https://"
        value={iss}
        onChange={(e) => setIss(e.currentTarget.value)}
        maw={520}
      />
      <TextInput label="Client id" value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} maw={520} />
      <PasswordInput
        label="Client secret"
        description={
          connection?.hasClientSecret
            ? 'Type it again to keep it: saving without one makes Vigil a public client, which cannot write back.'
            : 'Needed to write signed records back (SMART Backend Services). Leave empty for a public client.'
        }
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        maw={520}
      />
      <Group gap="sm">
        <Button w="fit-content" loading={busy} onClick={() => void save()}>
          Save EMR connection
        </Button>
        {connection && (
          <Button w="fit-content" variant="default" color="red" disabled={busy} onClick={() => void remove()}>
            Remove EMR connection
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {refusalText(failure, WORDING)}
        </Alert>
      )}
      <Title order={3} size="h4">
        Written back to the EMR
      </Title>
      {emr.data &&
        (emr.data.writeBacks.length === 0 ? (
          <Text>Nothing written back yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Case</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Next attempt</Table.Th>
                  <Table.Th>Last error</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emr.data.writeBacks.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td>{w.compositionId}</Table.Td>
                    <Table.Td>{EVENT_LABELS[w.event] ?? w.event}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={WRITE_BACK_STATUS[w.status].color}>
                        {WRITE_BACK_STATUS[w.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{w.attempts}</Table.Td>
                    <Table.Td>{when(w.nextAttemptAt)}</Table.Td>
                    <Table.Td>{w.lastError ?? '—'}</Table.Td>
                    <Table.Td>{when(w.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {emr.data && (
        <Button w="fit-content" variant="default" onClick={emr.reload}>
          Refresh
        </Button>
      )}
    </Stack>
  );
}
