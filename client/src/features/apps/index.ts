/** The apps feature's surface for other features (issue 42): they import it only through this file. */
export { AppPage, AppsPage, InstalledAppPage } from './AppsPages.js';
export { IntegrationsPage } from './IntegrationsPage.js';
export { DeliveriesPage, DeliveryPage, WebhookPage } from './WebhookPages.js';
export { SERVER_APPS_API, type AppsApi } from './api.js';
