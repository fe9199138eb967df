import * as data from '../../data/apps.js';

/** What the apps screens call: the server's GraphQL by default, a test's stand-ins otherwise. */
export type AppsApi = Pick<
  typeof data,
  | 'fetchApps'
  | 'fetchApp'
  | 'installApp'
  | 'uninstallApp'
  | 'fetchInstalledApp'
  | 'rotateAppSecret'
  | 'createWebhook'
  | 'fetchWebhook'
  | 'fetchDelivery'
  | 'redeliverWebhook'
>;

export const SERVER_APPS_API: AppsApi = data;

/** The base path of an organisation's installation. */
export const installationPath = (orgId: string, installationId: string): string =>
  `/org/${encodeURIComponent(orgId)}/apps/installed/${encodeURIComponent(installationId)}`;
