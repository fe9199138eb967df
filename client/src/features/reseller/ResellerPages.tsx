import { Alert, Anchor, Button, Code, Group, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { APP_SCOPE_CHOICES, refusalText, WEBHOOK_EVENT_LABELS, type AppView } from '@vigil/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { rotateAppSecret } from '../../data/apps.js';
import { errorCode } from '../../data/graphql.js';
import {
  createResellerApp,
  fetchResellerApp,
  fetchResellerApps,
  type ResellerInstallationView,
} from '../../data/resellerApps.js';
import { useLoad } from '../../data/useLoad.js';
import { isoDate } from '../../ui/format.js';
import { Page } from '../../ui/Page.js';

/** What the reseller screens call: the server's GraphQL by default, a test's stand-ins otherwise. */
export interface ResellerApi {
  fetchResellerApps: typeof fetchResellerApps;
  fetchResellerApp: typeof fetchResellerApp;
  createResellerApp: typeof createResellerApp;
  rotateAppSecret: typeof rotateAppSecret;
}

const SERVER_API: ResellerApi = { fetchResellerApps, fetchResellerApp, createResellerApp, rotateAppSecret };

export const resellerAppPath = (resellerId: string, appId: string): string =>
  `/reseller/${encodeURIComponent(resellerId)}/apps/${encodeURIComponent(appId)}`;

const WORDING = {
  NOT_AUTHORIZED: 'Only members of this reseller (and its administrators, for changes) can do this.',
  INVALID_INPUT: 'Enter a name, choose at least one scope, and give an https address for the key set (or none).',
};

function Refusal({ code }: { code: string | null }): ReactNode {
  return (
    <Alert color="red" role="alert">
      {refusalText(code, WORDING)}
    </Alert>
  );
}

function Scopes({ scopes }: { scopes: readonly string[] }): ReactNode {
  return (
    <Group gap={4}>
      {scopes.map((s) => (
        <Code key={s}>{s}</Code>
      ))}
    </Group>
  );
}

/** The secret of a new app or a rotation: shown once. */
function SecretOnce({ secret }: { secret: string }): ReactNode {
  return (
    <Alert color="yellow" title="Client secret">
      <Text>Copy it now: it is shown only once. A previous secret no longer works.</Text>
      <Code block>{secret}</Code>
    </Alert>
  );
}

/** The form making a new app owned by the reseller (its administrators). */
function NewAppForm({
  api,
  resellerId,
  onCreated,
}: {
  api: ResellerApi;
  resellerId: string;
  onCreated: (app: AppView, secret: string) => void;
}): ReactNode {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [jwksUrl, setJwksUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = async (): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      const made = await api.createResellerApp(resellerId, {
        name: name.trim(),
        scopes,
        jwksUrl: jwksUrl.trim() || null,
      });
      onCreated(made.app, made.clientSecret);
      setName('');
      setScopes([]);
      setJwksUrl('');
    } catch (err) {
      setFailure(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h3">
        New app
      </Title>
      <TextInput label="App name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
      <MultiSelect
        label="Scopes"
        description="SMART system scopes the app may be granted in each office that installs it"
        data={[...APP_SCOPE_CHOICES]}
        value={scopes}
        onChange={setScopes}
        searchable
      />
      <TextInput
        label="JWK Set URL (optional)"
        description="Where the app publishes its public keys, for signed token requests (SMART Backend Services)"
        value={jwksUrl}
        onChange={(e) => setJwksUrl(e.currentTarget.value)}
        placeholder="https://"
      />
      <Button w="fit-content" loading={busy} onClick={() => void create()}>
        Create app
      </Button>
      {failure && <Refusal code={failure} />}
    </Stack>
  );
}

/** /reseller/{resellerId} and …/apps: the reseller's apps, and the form making one. */
export function ResellerAppsPage({ api = SERVER_API, home = false }: { api?: ResellerApi; home?: boolean }): ReactNode {
  const resellerId = useParams().resellerId ?? '';
  const load = useCallback(() => api.fetchResellerApps(resellerId), [api, resellerId]);
  const state = useLoad(load);
  const { data, error, loading } = state;
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Page title={home ? 'Reseller' : 'Apps'}>
      <Text c="dimmed" maw={760}>
        Your apps reach the records of the offices that install them through Vigil&apos;s FHIR API, with the scopes you
        give them, and hear of changes by webhooks. Each app&apos;s page lists its installations, webhooks and
        deliveries.
      </Text>
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Title order={2} size="h3">
            Your apps
          </Title>
          {data.length === 0 ? (
            <Text>No apps yet.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>App</Table.Th>
                  <Table.Th>Scopes</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={resellerAppPath(resellerId, a.id)} underline="always">
                        {a.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Scopes scopes={a.scopes} />
                    </Table.Td>
                    <Table.Td>{isoDate(a.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {secret && <SecretOnce secret={secret} />}
          <NewAppForm
            api={api}
            resellerId={resellerId}
            onCreated={(app, s) => {
              setSecret(s);
              state.set([...data, app]);
            }}
          />
        </>
      )}
    </Page>
  );
}

function InstallationsTable({ installations }: { installations: readonly ResellerInstallationView[] }): ReactNode {
  if (installations.length === 0) return <Text>No office has installed it yet.</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Organization</Table.Th>
          <Table.Th>Organization ID</Table.Th>
          <Table.Th>Installed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {installations.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{i.orgName}</Table.Td>
            <Table.Td>
              <Code>{i.orgId}</Code>
            </Table.Td>
            <Table.Td>{isoDate(i.installedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /reseller/{resellerId}/apps/{appId}: the app's credentials, installations across offices, and webhooks. */
export function ResellerAppPage({ api = SERVER_API }: { api?: ResellerApi }): ReactNode {
  const { resellerId = '', appId = '' } = useParams();
  const load = useCallback(() => api.fetchResellerApp(resellerId, appId), [api, resellerId, appId]);
  const { data, error, loading } = useLoad(load);
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rotate = async (): Promise<void> => {
    setFailure(null);
    try {
      setSecret((await api.rotateAppSecret(appId)).clientSecret);
    } catch (err) {
      setFailure(errorCode(err));
    }
  };
  const orgName = (orgId: string): string => data?.installations.find((i) => i.orgId === orgId)?.orgName ?? orgId;
  const base = resellerAppPath(resellerId, appId);
  return (
    <Page title={data?.app.name ?? 'App'}>
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Stack gap={4}>
            <Text>
              Client ID: <Code>{data.app.clientId}</Code>
            </Text>
            <Text component="div">
              Scopes: <Scopes scopes={data.app.scopes} />
            </Text>
            <Text>
              Keys for signed token requests:{' '}
              {data.app.jwksUrl ? <Code>{data.app.jwksUrl}</Code> : 'none (client secret only, or a pasted key set)'}
            </Text>
            <Text size="sm" c="dimmed">
              Created on {isoDate(data.app.createdAt)}; secret last set on {isoDate(data.app.secretRotatedAt)}.
            </Text>
          </Stack>
          <Text maw={760}>
            In each office that installs it, the app asks for a token at{' '}
            <Code>{`${window.location.origin}/api/oauth/{orgId}/token`}</Code> and reaches that office only.
          </Text>
          <Button variant="default" w="fit-content" onClick={() => void rotate()}>
            Rotate client secret
          </Button>
          {secret && <SecretOnce secret={secret} />}
          {failure && <Refusal code={failure} />}
          <Title order={2} size="h3">
            Installations
          </Title>
          <InstallationsTable installations={data.installations} />
          <Title order={2} size="h3">
            Webhooks
          </Title>
          {data.webhooks.length === 0 ? (
            <Text>No webhooks: an office sets them up on its installation.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Organization</Table.Th>
                  <Table.Th>Events</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.webhooks.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${base}/webhooks/${encodeURIComponent(w.id)}`}
                        underline="always"
                        aria-label={`Webhook ${w.url} of ${orgName(w.orgId)}`}
                      >
                        {w.url}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{orgName(w.orgId)}</Table.Td>
                    <Table.Td>{w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Page>
  );
}
