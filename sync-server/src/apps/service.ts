import { publicHttps } from '../auth/public-address.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  appJwksSchema,
  appJwksUrlSchema,
  appNameSchema,
  appScopesSchema,
  canCreatePrivateApp,
  webhookInputSchema,
  type AppInstallationView,
  type AppView,
  type AppWithSecretView,
  type WebhookWithSecretView,
  type DeliveryView,
  type WebhookView,
} from '@vigil/shared';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import type { Entitlements } from '../access/entitlements.js';
import type { OrgAccess } from '../access/index.js';
import { refuse } from '../errors.js';
import { orgFor } from '../orgs/authorize.js';
import { parse } from '../orgs/common.js';
import type { AppRecord, AppStore, DeliveryRecord, InstallationRecord, WebhookRecord } from '../store/apps/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PageRequest } from '../pages.js';
import { newCredential, sha256Hex } from '../auth/app-tokens.js';
import { newWebhookSecret } from './signing.js';

export { isLocalHost, publicHttps } from '../auth/public-address.js';

export interface AppsDeps {
  store: AppStore;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  entitlements: Pick<Entitlements, 'values'>;
  now: () => number;
  /** Webhooks to this machine or a private network allowed (development and tests; never in production). */
  localWebhooks?: boolean;
}

/** A new app's or a rotated secret's answer: the secret is shown this once. */
export type AppWithSecret = AppWithSecretView;
/** A new webhook's answer: its signing secret is shown this once. */
export type WebhookWithSecret = WebhookWithSecretView;

const idArg = z.string().min(1).max(100);

export const appView = (a: AppRecord): AppView => ({
  id: a.id,
  name: a.name,
  ownerOrgId: a.ownerOrgId,
  clientId: a.clientId,
  scopes: a.scopes,
  createdAt: a.createdAt,
  secretRotatedAt: a.secretRotatedAt,
  jwksUrl: a.jwksUrl,
});

export const webhookView = (w: WebhookRecord): WebhookView => ({
  id: w.id,
  installationId: w.installationId,
  orgId: w.orgId,
  url: w.url,
  events: w.events,
  resourceTypes: w.resourceTypes,
  createdAt: w.createdAt,
});

export const deliveryView = (d: DeliveryRecord): DeliveryView => ({
  id: d.id,
  webhookId: d.webhookId,
  event: d.event,
  subject: d.subject,
  seq: d.seq,
  createdAt: d.createdAt,
  status: d.status,
  nextAttemptAt: d.nextAttemptAt,
  payload: d.payload,
  attempts: d.attempts,
});

/**
 * Apps (issue 42; spec 000 §2 apps, apps/{appId}, apps/installed/{id}; §6 privateAppCreation):
 * an app's OAuth 2 client credentials and SMART system scopes; an organisation's installations of
 * apps and their webhooks. Creating an app needs the internal team, or an administrator of its
 * owner: a reseller, or an organisation whose privateAppCreation flag is on (the ubers pass, shared
 * canCreatePrivateApp). An organisation's administrators install, uninstall and set up webhooks;
 * every change is audited on the organisation trail.
 */
export class AppsService {
  constructor(private readonly deps: AppsDeps) {}

  /** apps(orgId): the apps the organisation may install (the team's, resellers', its own), oldest first. */
  async available(caller: Caller, args: Record<string, unknown>): Promise<AppView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const apps = await this.deps.store.apps();
    const out: AppView[] = [];
    for (const a of apps) if (await this.visibleTo(a, org.id)) out.push(appView(a));
    return out;
  }

  /** app(orgId, appId): one app the organisation may install. */
  async app(caller: Caller, args: Record<string, unknown>): Promise<AppView> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const app = await this.deps.store.app(parse(idArg, args.appId));
    if (!app || !(await this.visibleTo(app, org.id))) refuse('NOT_FOUND');
    return appView(app);
  }

  /** createApp(name, scopes, orgId?, jwks?, jwksUrl?): a new app and its secret (shown once); with a JWK Set (or its address) it may also sign its token requests; audited. */
  async create(caller: Caller, args: Record<string, unknown>): Promise<Recorded<AppWithSecret>> {
    const name = parse(appNameSchema, args.name);
    const scopes = parse(appScopesSchema, args.scopes);
    const jwks = args.jwks == null || args.jwks === '' ? null : JSON.stringify(parse(appJwksSchema, args.jwks));
    const jwksUrl = args.jwksUrl == null || args.jwksUrl === '' ? null : parse(appJwksUrlSchema, args.jwksUrl);
    // As a webhook's address: a production server fetches keys from the internet only, over https.
    if (jwksUrl && ((!this.deps.localWebhooks && !publicHttps(jwksUrl)) || jwks)) refuse('INVALID_INPUT');
    let ownerOrgId: string | null = null;
    let who;
    if (args.orgId === undefined || args.orgId === null) {
      who = internalStaff(caller);
    } else {
      const found = await orgFor(this.withStore(), caller, args.orgId, 'admin');
      who = found.caller;
      ownerOrgId = found.org.id;
      if (found.org.type !== 'reseller') {
        const flag = (await this.deps.entitlements.values(ownerOrgId)).privateAppCreation === true;
        if (!canCreatePrivateApp(who.subject, flag)) refuse('FEATURE_DISABLED');
      }
    }
    const clientSecret = newCredential('vcs');
    const at = this.deps.now();
    const app: AppRecord = {
      id: `app-${randomUUID()}`,
      name,
      ownerOrgId,
      clientId: `vci_${randomUUID().replaceAll('-', '')}`,
      secretHash: sha256Hex(clientSecret),
      scopes,
      createdAt: at,
      createdBy: who.user.id,
      secretRotatedAt: at,
      jwks,
      jwksUrl,
    };
    await this.deps.store.createApp(app);
    return recorded(
      { app: appView(app), clientSecret },
      { trail: 'organisation', action: 'appCreated', detail: { appId: app.id, name, ownerOrgId, scopes, jwksUrl } },
    );
  }

  /** rotateAppSecret(appId): a new client secret (shown once); the old one stops working at once; audited. */
  async rotateSecret(caller: Caller, args: Record<string, unknown>): Promise<Recorded<AppWithSecret>> {
    const app = await this.deps.store.app(parse(idArg, args.appId));
    if (!app) unknownApp(caller);
    if (app.ownerOrgId) await this.deps.access.authorize(caller, app.ownerOrgId, 'admin');
    else internalStaff(caller);
    const clientSecret = newCredential('vcs');
    const at = this.deps.now();
    await this.deps.store.setSecret(app.id, sha256Hex(clientSecret), at);
    return recorded(
      { app: appView({ ...app, secretRotatedAt: at }), clientSecret },
      { trail: 'organisation', action: 'appSecretRotated', detail: { appId: app.id } },
    );
  }

  /** installApp(orgId, appId): installs an app the organisation may install; audited. */
  async install(caller: Caller, args: Record<string, unknown>): Promise<Recorded<AppInstallationView>> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const app = await this.deps.store.app(parse(idArg, args.appId));
    if (!app || !(await this.visibleTo(app, org.id))) refuse('NOT_FOUND');
    const installation: InstallationRecord = {
      id: `ins-${randomUUID()}`,
      appId: app.id,
      orgId: org.id,
      installedAt: this.deps.now(),
      installedBy: who.user.id,
      uninstalledAt: null,
    };
    if (!(await this.deps.store.install(installation))) refuse('CONFLICT');
    return recorded(installationView(installation, app), {
      trail: 'organisation',
      action: 'appInstalled',
      detail: { orgId: org.id, appId: app.id, installationId: installation.id, scopes: app.scopes },
    });
  }

  /** uninstallApp(orgId, installationId): uninstalls it, revoking its tokens and stopping its webhooks at once; audited. */
  async uninstall(caller: Caller, args: Record<string, unknown>): Promise<Recorded<boolean>> {
    const { installation } = await this.installationFor(caller, args);
    if (!(await this.deps.store.uninstall(installation.id, this.deps.now()))) refuse('NOT_FOUND');
    return recorded(true, {
      trail: 'organisation',
      action: 'appUninstalled',
      detail: { orgId: installation.orgId, appId: installation.appId, installationId: installation.id },
    });
  }

  /** installedApps(orgId): the organisation's current installations. */
  async installed(caller: Caller, args: Record<string, unknown>): Promise<AppInstallationView[]> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const out: AppInstallationView[] = [];
    for (const i of await this.deps.store.installations(org.id)) {
      const app = await this.deps.store.app(i.appId);
      if (app) out.push(installationView(i, app));
    }
    return out;
  }

  /** installedApp(orgId, installationId). */
  async installedApp(caller: Caller, args: Record<string, unknown>): Promise<AppInstallationView> {
    const { installation, app } = await this.installationFor(caller, args);
    return installationView(installation, app);
  }

  /** webhooks(orgId, installationId): the installation's webhooks. */
  async webhooks(caller: Caller, args: Record<string, unknown>): Promise<WebhookView[]> {
    const { installation } = await this.installationFor(caller, args);
    return (await this.deps.store.webhooks(installation.id)).map(webhookView);
  }

  /** createWebhook(orgId, installationId, url, events, resourceTypes): a webhook and its signing secret (shown once); audited. */
  async createWebhook(caller: Caller, args: Record<string, unknown>): Promise<Recorded<WebhookWithSecret>> {
    const { installation } = await this.installationFor(caller, args);
    const input = parse(webhookInputSchema, { url: args.url, events: args.events, resourceTypes: args.resourceTypes });
    // A production server posts to the internet only, over https (no requests into its own network).
    if (!this.deps.localWebhooks && !publicHttps(input.url)) refuse('INVALID_INPUT');
    const webhook: WebhookRecord = {
      id: `whk-${randomUUID()}`,
      installationId: installation.id,
      orgId: installation.orgId,
      url: input.url,
      secret: newWebhookSecret(),
      events: [...new Set(input.events)],
      resourceTypes: [...new Set(input.resourceTypes)].sort(),
      createdAt: this.deps.now(),
    };
    await this.deps.store.createWebhook(webhook);
    return recorded(
      { webhook: webhookView(webhook), secret: webhook.secret },
      {
        trail: 'organisation',
        action: 'webhookCreated',
        detail: { orgId: webhook.orgId, installationId: installation.id, webhookId: webhook.id, url: webhook.url },
      },
    );
  }

  /** deleteWebhook(orgId, webhookId): the webhook and its deliveries; audited. */
  async deleteWebhook(caller: Caller, args: Record<string, unknown>): Promise<Recorded<boolean>> {
    const webhook = await this.webhookFor(caller, args);
    await this.deps.store.deleteWebhook(webhook.id);
    return recorded(true, {
      trail: 'organisation',
      action: 'webhookDeleted',
      detail: { orgId: webhook.orgId, webhookId: webhook.id },
    });
  }

  /** webhook(orgId, webhookId). */
  async webhook(caller: Caller, args: Record<string, unknown>): Promise<WebhookView> {
    return webhookView(await this.webhookFor(caller, args));
  }

  /** webhookDeliveries(orgId, webhookId, first, after): a page of deliveries, newest first, with their attempts. */
  async deliveries(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<DeliveryView[]> {
    const webhook = await this.webhookFor(caller, args);
    return (await this.deps.store.deliveries(webhook.id, page)).map(deliveryView);
  }

  /** webhookDelivery(orgId, deliveryId). */
  async delivery(caller: Caller, args: Record<string, unknown>): Promise<DeliveryView> {
    return deliveryView(await this.deliveryFor(caller, args));
  }

  /** redeliverWebhook(orgId, deliveryId): sent again (the same webhook-id) at the next pass, with 24 hours of retries; audited. */
  async redeliver(caller: Caller, args: Record<string, unknown>): Promise<Recorded<DeliveryView>> {
    const delivery = await this.deliveryFor(caller, args);
    await this.deps.store.redeliver(delivery.id, this.deps.now());
    const again = (await this.deps.store.delivery(delivery.id))!;
    return recorded(deliveryView(again), {
      trail: 'organisation',
      action: 'webhookRedelivered',
      detail: { orgId: delivery.orgId, webhookId: delivery.webhookId, deliveryId: delivery.id },
    });
  }

  /** Whether an organisation may see and install an app: the team's, a reseller's, or its own. */
  private async visibleTo(app: AppRecord, orgId: string): Promise<boolean> {
    if (app.ownerOrgId === null || app.ownerOrgId === orgId) return true;
    return (await this.deps.orgs.org(app.ownerOrgId))?.type === 'reseller';
  }

  /** The organisation's current installation named by the call, for its administrators. */
  private async installationFor(
    caller: Caller,
    args: Record<string, unknown>,
  ): Promise<{ installation: InstallationRecord; app: AppRecord }> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const installation = await this.deps.store.installation(parse(idArg, args.installationId));
    if (!installation || installation.orgId !== org.id || installation.uninstalledAt !== null) refuse('NOT_FOUND');
    const app = await this.deps.store.app(installation.appId);
    if (!app) refuse('NOT_FOUND');
    return { installation, app };
  }

  private async webhookFor(caller: Caller, args: Record<string, unknown>): Promise<WebhookRecord> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const webhook = await this.deps.store.webhook(parse(idArg, args.webhookId));
    if (!webhook || webhook.orgId !== org.id) refuse('NOT_FOUND');
    return webhook;
  }

  private async deliveryFor(caller: Caller, args: Record<string, unknown>): Promise<DeliveryRecord> {
    const { org } = await orgFor(this.withStore(), caller, args.orgId, 'admin');
    const delivery = await this.deps.store.delivery(parse(idArg, args.deliveryId));
    if (!delivery || delivery.orgId !== org.id) refuse('NOT_FOUND');
    return delivery;
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

/** An unknown app: NOT_FOUND to the team, refused to anyone else (its existence is not revealed). */
function unknownApp(caller: Caller): never {
  internalStaff(caller);
  refuse('NOT_FOUND');
}

const installationView = (i: InstallationRecord, app: AppRecord): AppInstallationView => ({
  id: i.id,
  appId: app.id,
  appName: app.name,
  orgId: i.orgId,
  scopes: app.scopes,
  installedAt: i.installedAt,
  installedBy: i.installedBy,
});

/** The apps service as the server builds it: every change an audited configuration change. */
export type AuditedApps = Audited<
  AppsService,
  'create' | 'rotateSecret' | 'install' | 'uninstall' | 'createWebhook' | 'deleteWebhook' | 'redeliver'
>;

export function auditedApps(service: AppsService, sinks: AuditSinks): AuditedApps {
  return audited(
    service,
    {
      create: 'configuration',
      rotateSecret: 'configuration',
      install: 'configuration',
      uninstall: 'configuration',
      createWebhook: 'configuration',
      deleteWebhook: 'configuration',
      redeliver: 'configuration',
    },
    sinks,
  );
}
