import type {
  AppView,
  AppWithSecretView,
  DeliveryView,
  ResellerInstallationView,
  WebhookView,
} from '@vigil/shared';
import { APP, DELIVERY, WEBHOOK } from './apps.js';
import { graphql } from './graphql.js';

/*
 * The reseller app's calls (issue 42; spec 000 §2 /reseller/{resellerId}): the reseller's apps,
 * their installations across organisations, webhooks and deliveries (its members read, its
 * admins make apps, rotate secrets and redeliver).
 */

export type { ResellerInstallationView };

const INSTALLATION = 'id appId appName orgId orgName scopes installedAt installedBy';

export async function fetchResellerApps(resellerId: string): Promise<AppView[]> {
  const data = await graphql<{ resellerApps: AppView[] }>(
    `query ResellerApps($r: String!) { resellerApps(resellerId: $r) { ${APP} } }`,
    { r: resellerId },
  );
  return data.resellerApps;
}

export async function fetchResellerApp(
  resellerId: string,
  appId: string,
): Promise<{ app: AppView; installations: ResellerInstallationView[]; webhooks: WebhookView[] }> {
  const data = await graphql<{
    resellerApp: AppView;
    resellerAppInstallations: ResellerInstallationView[];
    resellerWebhooks: WebhookView[];
  }>(
    `query ResellerApp($r: String!, $a: String!) {
      resellerApp(resellerId: $r, appId: $a) { ${APP} }
      resellerAppInstallations(resellerId: $r, appId: $a) { ${INSTALLATION} }
      resellerWebhooks(resellerId: $r, appId: $a) { ${WEBHOOK} }
    }`,
    { r: resellerId, a: appId },
  );
  return { app: data.resellerApp, installations: data.resellerAppInstallations, webhooks: data.resellerWebhooks };
}

/** A new app owned by the reseller (its admins): the client secret is shown this once. */
export async function createResellerApp(
  resellerId: string,
  input: { name: string; scopes: string[]; jwksUrl: string | null },
): Promise<AppWithSecretView> {
  const data = await graphql<{ createApp: AppWithSecretView }>(
    `mutation CreateResellerApp($r: String!, $n: String!, $s: [String!]!, $u: String) {
      createApp(orgId: $r, name: $n, scopes: $s, jwksUrl: $u) { app { ${APP} } clientSecret }
    }`,
    { r: resellerId, n: input.name, s: input.scopes, u: input.jwksUrl },
  );
  return data.createApp;
}

export async function fetchResellerWebhook(
  resellerId: string,
  appId: string,
  webhookId: string,
  first = 20,
): Promise<{ webhook: WebhookView; deliveries: DeliveryView[] }> {
  const data = await graphql<{ resellerWebhook: WebhookView; resellerWebhookDeliveries: DeliveryView[] }>(
    `query ResellerWebhook($r: String!, $a: String!, $w: String!, $first: Int) {
      resellerWebhook(resellerId: $r, appId: $a, webhookId: $w) { ${WEBHOOK} }
      resellerWebhookDeliveries(resellerId: $r, appId: $a, webhookId: $w, first: $first) { ${DELIVERY} }
    }`,
    { r: resellerId, a: appId, w: webhookId, first },
  );
  return { webhook: data.resellerWebhook, deliveries: data.resellerWebhookDeliveries };
}

export async function fetchResellerDelivery(
  resellerId: string,
  appId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const data = await graphql<{ resellerWebhookDelivery: DeliveryView }>(
    `query ResellerDelivery($r: String!, $a: String!, $d: String!) {
      resellerWebhookDelivery(resellerId: $r, appId: $a, deliveryId: $d) { ${DELIVERY} }
    }`,
    { r: resellerId, a: appId, d: deliveryId },
  );
  return data.resellerWebhookDelivery;
}

export async function resellerRedeliver(resellerId: string, appId: string, deliveryId: string): Promise<DeliveryView> {
  const data = await graphql<{ resellerRedeliverWebhook: DeliveryView }>(
    `mutation ResellerRedeliver($r: String!, $a: String!, $d: String!) {
      resellerRedeliverWebhook(resellerId: $r, appId: $a, deliveryId: $d) { ${DELIVERY} }
    }`,
    { r: resellerId, a: appId, d: deliveryId },
  );
  return data.resellerRedeliverWebhook;
}
