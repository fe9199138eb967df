import type {
  AppInstallationView,
  AppView,
  AppWithSecretView,
  DeliveryView,
  WebhookView,
  WebhookWithSecretView,
} from '@vigil/shared';
import { graphql } from './graphql.js';

/*
 * Apps, installations, webhooks and deliveries (issue 42) as the organisation's apps, integrations
 * and webhook-debug screens read and change them (GraphQL; whoever administers the office).
 */

export type { AppInstallationView, AppView, AppWithSecretView, DeliveryView, WebhookView, WebhookWithSecretView };

export const APP = 'id name ownerOrgId clientId scopes createdAt secretRotatedAt jwksUrl';
const INSTALLATION = 'id appId appName orgId scopes installedAt installedBy';
export const WEBHOOK = 'id installationId orgId url events resourceTypes createdAt';
export const DELIVERY =
  'id webhookId event subject seq createdAt status nextAttemptAt payload attempts { n at requestHeaders responseStatus responseBody durationMs }';

export async function fetchApps(orgId: string): Promise<{ apps: AppView[]; installed: AppInstallationView[] }> {
  const data = await graphql<{ apps: AppView[]; installedApps: AppInstallationView[] }>(
    `query Apps($orgId: String!) { apps(orgId: $orgId) { ${APP} } installedApps(orgId: $orgId) { ${INSTALLATION} } }`,
    { orgId },
  );
  return { apps: data.apps, installed: data.installedApps };
}

export async function fetchApp(
  orgId: string,
  appId: string,
): Promise<{ app: AppView; installed: AppInstallationView | null }> {
  const data = await graphql<{ app: AppView; installedApps: AppInstallationView[] }>(
    `query App($orgId: String!, $appId: String!) { app(orgId: $orgId, appId: $appId) { ${APP} } installedApps(orgId: $orgId) { ${INSTALLATION} } }`,
    { orgId, appId },
  );
  return { app: data.app, installed: data.installedApps.find((i) => i.appId === appId) ?? null };
}

export async function installApp(orgId: string, appId: string): Promise<AppInstallationView> {
  const data = await graphql<{ installApp: AppInstallationView }>(
    `mutation InstallApp($orgId: String!, $appId: String!) { installApp(orgId: $orgId, appId: $appId) { ${INSTALLATION} } }`,
    { orgId, appId },
  );
  return data.installApp;
}

export async function uninstallApp(orgId: string, installationId: string): Promise<void> {
  await graphql<{ uninstallApp: boolean }>(
    'mutation UninstallApp($orgId: String!, $id: String!) { uninstallApp(orgId: $orgId, installationId: $id) }',
    { orgId, id: installationId },
  );
}

export async function fetchInstalledApp(
  orgId: string,
  installationId: string,
): Promise<{ installation: AppInstallationView; app: AppView; webhooks: WebhookView[] }> {
  const data = await graphql<{ installedApp: AppInstallationView; webhooks: WebhookView[] }>(
    `query InstalledApp($orgId: String!, $id: String!) {
      installedApp(orgId: $orgId, installationId: $id) { ${INSTALLATION} }
      webhooks(orgId: $orgId, installationId: $id) { ${WEBHOOK} }
    }`,
    { orgId, id: installationId },
  );
  const { app } = await fetchApp(orgId, data.installedApp.appId);
  return { installation: data.installedApp, app, webhooks: data.webhooks };
}

export async function rotateAppSecret(appId: string): Promise<AppWithSecretView> {
  const data = await graphql<{ rotateAppSecret: AppWithSecretView }>(
    `mutation RotateAppSecret($appId: String!) { rotateAppSecret(appId: $appId) { app { ${APP} } clientSecret } }`,
    { appId },
  );
  return data.rotateAppSecret;
}

export async function createWebhook(
  orgId: string,
  installationId: string,
  input: { url: string; events: string[]; resourceTypes: string[] },
): Promise<WebhookWithSecretView> {
  const data = await graphql<{ createWebhook: WebhookWithSecretView }>(
    `mutation CreateWebhook($orgId: String!, $id: String!, $url: String!, $events: [String!]!, $types: [String!]) {
      createWebhook(orgId: $orgId, installationId: $id, url: $url, events: $events, resourceTypes: $types) {
        webhook { ${WEBHOOK} } secret
      }
    }`,
    { orgId, id: installationId, url: input.url, events: input.events, types: input.resourceTypes },
  );
  return data.createWebhook;
}

export async function fetchWebhook(
  orgId: string,
  webhookId: string,
  first = 20,
): Promise<{ webhook: WebhookView; deliveries: DeliveryView[] }> {
  const data = await graphql<{ webhook: WebhookView; webhookDeliveries: DeliveryView[] }>(
    `query Webhook($orgId: String!, $id: String!, $first: Int) {
      webhook(orgId: $orgId, webhookId: $id) { ${WEBHOOK} }
      webhookDeliveries(orgId: $orgId, webhookId: $id, first: $first) { ${DELIVERY} }
    }`,
    { orgId, id: webhookId, first },
  );
  return { webhook: data.webhook, deliveries: data.webhookDeliveries };
}

export async function fetchDelivery(orgId: string, deliveryId: string): Promise<DeliveryView> {
  const data = await graphql<{ webhookDelivery: DeliveryView }>(
    `query WebhookDelivery($orgId: String!, $id: String!) { webhookDelivery(orgId: $orgId, deliveryId: $id) { ${DELIVERY} } }`,
    { orgId, id: deliveryId },
  );
  return data.webhookDelivery;
}

export async function redeliverWebhook(orgId: string, deliveryId: string): Promise<DeliveryView> {
  const data = await graphql<{ redeliverWebhook: DeliveryView }>(
    `mutation Redeliver($orgId: String!, $id: String!) { redeliverWebhook(orgId: $orgId, deliveryId: $id) { ${DELIVERY} } }`,
    { orgId, id: deliveryId },
  );
  return data.redeliverWebhook;
}
