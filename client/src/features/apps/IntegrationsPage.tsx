import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { fetchOrgFeatures, featureValues } from '../../data/orgSettings.js';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import { SERVER_APPS_API, type AppsApi } from './api.js';
import { InstalledTable } from './AppsPages.js';
import { EmrConnectionSection, type EmrApi } from './EmrConnectionSection.js';

export interface IntegrationsPageProps {
  api?: AppsApi;
  /** Tests: the organisation's feature values without a server. */
  features?: (orgId: string) => Promise<Record<string, unknown>>;
  /** Tests: the EMR connection's calls without a server. */
  emrApi?: EmrApi;
}

const serverFeatures = async (orgId: string): Promise<Record<string, unknown>> =>
  featureValues(await fetchOrgFeatures(orgId));

/**
 * What each integration flag changes, as this version does it (decision, session 28: a flag the
 * server does not read yet says so rather than promising its effect).
 */
export const INTEGRATION_FLAGS: readonly { name: string; label: string; changes: string; now: string }[] = [
  {
    name: 'emrLockdownMode',
    label: 'EMR lockdown mode',
    changes:
      'Patients and appointments come only from the EMR: editing them in Vigil is refused, and the screens explain why.',
    now: 'Enforced by the server: while on, adding or changing a patient or an appointment in Vigil is refused, and the patient screens say why. Patients and cases come from the EMR launch and from installed apps.',
  },
  {
    name: 'legacyIntegrations',
    label: 'Legacy integrations',
    changes: 'Keeps the older EMR connection, the signed launch link, beside apps with OAuth access and webhooks.',
    now: 'Enforced by the server: an office connected to its EMR over SMART takes the signed launch link only while this is on; an office with no SMART connection takes it whenever the server has an EMR launch secret.',
  },
];

/**
 * /org/{orgId}/integrations (issue 42): the office's installed apps, its EMR connection and the
 * two integration flags with what each changes. The flags are the Vigil team's to set.
 */
export function IntegrationsPage({
  api = SERVER_APPS_API,
  features = serverFeatures,
  emrApi,
}: IntegrationsPageProps): ReactNode {
  const orgId = useParams().orgId ?? '';
  const loadApps = useCallback(() => api.fetchApps(orgId), [api, orgId]);
  const loadFlags = useCallback(() => features(orgId), [features, orgId]);
  const apps = useLoad(loadApps);
  const flags = useLoad(loadFlags);
  return (
    <Page title="Integrations">
      <Title order={2} size="h3">
        Installed apps
      </Title>
      {apps.error && !apps.loading && (
        <Alert color="red" role="alert">
          {refusalText(apps.error)}
        </Alert>
      )}
      {apps.data &&
        (apps.data.installed.length === 0 ? (
          <Text>No apps installed.</Text>
        ) : (
          <InstalledTable orgId={orgId} installed={apps.data.installed} />
        ))}
      <Anchor component={Link} to={`/org/${encodeURIComponent(orgId)}/apps`} underline="always">
        Browse apps
      </Anchor>
      <Title order={2} size="h3">
        EMR connection
      </Title>
      <EmrConnectionSection orgId={orgId} {...(emrApi ? { api: emrApi } : {})} />
      <Title order={2} size="h3">
        Integration settings
      </Title>
      <Text size="sm" c="dimmed">
        Set by the Vigil team.
      </Text>
      <Stack gap="sm">
        {INTEGRATION_FLAGS.map((f) => {
          const on = flags.data?.[f.name] === true;
          return (
            <Stack key={f.name} gap={2}>
              <Group gap="sm">
                <Text fw={600}>{f.label}</Text>
                {flags.data && (
                  <Badge variant="light" color={on ? 'green' : 'gray'}>
                    {on ? 'On' : 'Off'}
                  </Badge>
                )}
              </Group>
              <Text maw={760}>{f.changes}</Text>
              <Text size="sm" c="dimmed" maw={760}>
                {f.now}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Page>
  );
}
