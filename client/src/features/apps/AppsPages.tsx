import { Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { refusalText, type AppInstallationView, type AppView } from '@vigil/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { useLoad } from '../../data/useLoad.js';
import { isoDate } from '../../ui/format.js';
import { Page } from '../../ui/Page.js';
import { installationPath, SERVER_APPS_API, type AppsApi } from './api.js';
import { WebhooksSection } from './WebhooksSection.js';

export interface AppsPagesProps {
  /** Tests: the calls without a server. */
  api?: AppsApi;
}

const WORDING = { NOT_AUTHORIZED: 'Only an administrator of the office can manage its apps.' };

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

/**
 * /org/{orgId}/apps (issue 42): the apps the office installed and those it may install (the
 * team's, resellers', its own), each linking to its page.
 */
export function AppsPage({ api = SERVER_APPS_API }: AppsPagesProps): ReactNode {
  const orgId = useParams().orgId ?? '';
  const load = useCallback(() => api.fetchApps(orgId), [api, orgId]);
  const { data, error, loading } = useLoad(load);
  const base = `/org/${encodeURIComponent(orgId)}/apps`;
  return (
    <Page title="Apps">
      <Text c="dimmed" maw={760}>
        Apps reach the office&apos;s records through Vigil&apos;s FHIR API with the scopes they were granted, and can be
        told of changes by webhooks. Installing an app lets it in; uninstalling it shuts it out at once.
      </Text>
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Title order={2} size="h3">
            Installed apps
          </Title>
          {data.installed.length === 0 ? (
            <Text>No apps installed.</Text>
          ) : (
            <InstalledTable orgId={orgId} installed={data.installed} />
          )}
          <Title order={2} size="h3">
            Available apps
          </Title>
          {data.apps.length === 0 ? (
            <Text>No apps are available to this office yet.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>App</Table.Th>
                  <Table.Th>Scopes</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.apps.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/${encodeURIComponent(a.id)}`} underline="always">
                        {a.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Scopes scopes={a.scopes} />
                    </Table.Td>
                    <Table.Td>
                      {data.installed.some((i) => i.appId === a.id) ? (
                        <Badge variant="light" color="green">
                          Installed
                        </Badge>
                      ) : (
                        <Text size="sm">Not installed</Text>
                      )}
                    </Table.Td>
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

/** The office's installed apps, linking to each installation. */
export function InstalledTable({
  orgId,
  installed,
}: {
  orgId: string;
  installed: readonly AppInstallationView[];
}): ReactNode {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>App</Table.Th>
          <Table.Th>Scopes</Table.Th>
          <Table.Th>Installed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {installed.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>
              <Anchor component={Link} to={installationPath(orgId, i.id)} underline="always">
                {i.appName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Scopes scopes={i.scopes} />
            </Table.Td>
            <Table.Td>{isoDate(i.installedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** An app's facts: client id and scopes. */
function AppFacts({ app }: { app: AppView }): ReactNode {
  return (
    <Stack gap={4}>
      <Text>
        Client ID: <Code>{app.clientId}</Code>
      </Text>
      <Text component="div">
        Scopes: <Scopes scopes={app.scopes} />
      </Text>
      <Text size="sm" c="dimmed">
        {app.ownerOrgId ? `Made by ${app.ownerOrgId}` : 'Made by the Vigil team'} on {isoDate(app.createdAt)}
      </Text>
    </Stack>
  );
}

/** /org/{orgId}/apps/{appId}: an app, installed here or with its Install button. */
export function AppPage({ api = SERVER_APPS_API }: AppsPagesProps): ReactNode {
  const { orgId = '', appId = '' } = useParams();
  const load = useCallback(() => api.fetchApp(orgId, appId), [api, orgId, appId]);
  const { data, error, loading } = useLoad(load);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const install = async (): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      const done = await api.installApp(orgId, appId);
      void navigate(installationPath(orgId, done.id));
    } catch (err) {
      setFailure(errorCode(err));
      setBusy(false);
    }
  };
  return (
    <Page title={data?.app.name ?? 'App'}>
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <AppFacts app={data.app} />
          {data.installed ? (
            <Text>
              Installed in this office.{' '}
              <Anchor component={Link} to={installationPath(orgId, data.installed.id)} underline="always">
                Open the installation
              </Anchor>
            </Text>
          ) : (
            <>
              <Text maw={760}>
                Installing lets this app read and write the office&apos;s records within the scopes above, with tokens
                it gets from the office&apos;s token endpoint. Every call it makes is audited.
              </Text>
              <Button w="fit-content" loading={busy} onClick={() => void install()}>
                Install
              </Button>
            </>
          )}
          {failure && <Refusal code={failure} />}
        </>
      )}
    </Page>
  );
}

/**
 * /org/{orgId}/apps/installed/{id}: the installation's scopes and client credentials (the token
 * endpoint, a secret rotation shown once), its webhooks, and uninstalling.
 */
export function InstalledAppPage({ api = SERVER_APPS_API }: AppsPagesProps): ReactNode {
  const { orgId = '', appInstallationId = '' } = useParams();
  const load = useCallback(() => api.fetchInstalledApp(orgId, appInstallationId), [api, orgId, appInstallationId]);
  const state = useLoad(load);
  const { data, error, loading } = state;
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rotate = async (): Promise<void> => {
    setFailure(null);
    try {
      setSecret((await api.rotateAppSecret(data!.app.id)).clientSecret);
    } catch (err) {
      setFailure(errorCode(err));
    }
  };
  const uninstall = async (): Promise<void> => {
    setFailure(null);
    try {
      await api.uninstallApp(orgId, appInstallationId);
      void navigate(`/org/${encodeURIComponent(orgId)}/apps`);
    } catch (err) {
      setFailure(errorCode(err));
    }
  };
  const tokenUrl = `${window.location.origin}/api/oauth/${encodeURIComponent(orgId)}/token`;
  return (
    <Page title={data ? data.installation.appName : 'Installed App'}>
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <AppFacts app={data.app} />
          <Title order={2} size="h3">
            API access
          </Title>
          <Text maw={760}>
            The app asks for a token at <Code>{tokenUrl}</Code> with its client ID and secret (OAuth 2 client
            credentials) and calls <Code>{`${window.location.origin}/api/fhir/${orgId}/`}</Code> with it. A token lasts
            5 minutes and reaches this office only, within the scopes above.
          </Text>
          <Group>
            <Button variant="default" w="fit-content" onClick={() => void rotate()}>
              Rotate client secret
            </Button>
          </Group>
          {secret && (
            <Alert color="yellow" title="New client secret">
              <Text>Copy it now: it is shown only once. The previous secret no longer works.</Text>
              <Code block>{secret}</Code>
            </Alert>
          )}
          <WebhooksSection
            api={api}
            orgId={orgId}
            installationId={appInstallationId}
            webhooks={data.webhooks}
            onCreated={(w) => state.set({ ...data, webhooks: [...data.webhooks, w] })}
          />
          <Title order={2} size="h3">
            Uninstall
          </Title>
          {confirming ? (
            <Group>
              <Text>Uninstall {data.installation.appName}? Its tokens stop working at once and its webhooks stop.</Text>
              <Button color="red" onClick={() => void uninstall()}>
                Uninstall
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Button color="red" variant="outline" w="fit-content" onClick={() => setConfirming(true)}>
              Uninstall app
            </Button>
          )}
          {failure && <Refusal code={failure} />}
        </>
      )}
    </Page>
  );
}
