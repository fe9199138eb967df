import { z } from 'zod';
import type { AppView, DeliveryView, ResellerInstallationView, WebhookView } from '@vigil/shared';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller } from '../access/caller.js';
import type { Need, OrgAccess } from '../access/index.js';
import { refuse } from '../errors.js';
import { orgFor } from '../orgs/authorize.js';
import { parse } from '../orgs/common.js';
import type { PageRequest } from '../pages.js';
import type { AppRecord, AppStore, DeliveryRecord, WebhookRecord } from '../store/apps/types.js';
import type { OrgRecord, OrgStore } from '../store/orgs/types.js';
import { appView, deliveryView, webhookView } from './service.js';

export interface ResellerAppsDeps {
  store: AppStore;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  now: () => number;
}

const idArg = z.string().min(1).max(100);

/**
 * The reseller app (issue 42; spec 000 §2 `/reseller/{resellerId}`: apps, apps/{appId} and the
 * webhook-debug screens under the app): a reseller's apps, their installations across
 * organisations, and those installations' webhooks and deliveries. A reseller is an organisation
 * of type `reseller` (spec 000 §3); its members read, its administrators redeliver; the internal
 * team passes as it does for any organisation (OrgAccess). Any other organisation, or an app or
 * webhook that is not the reseller's, is NOT_FOUND once the access check has passed. Creating
 * and rotating an app are AppsService's createApp(orgId: resellerId) and rotateAppSecret.
 */
export class ResellerAppsService {
  constructor(private readonly deps: ResellerAppsDeps) {}

  /** resellerApps(resellerId): the apps the reseller owns, oldest first. */
  async apps(caller: Caller, args: Record<string, unknown>): Promise<AppView[]> {
    const reseller = await this.reseller(caller, args, 'member');
    return (await this.deps.store.apps()).filter((a) => a.ownerOrgId === reseller.id).map(appView);
  }

  /** resellerApp(resellerId, appId). */
  async app(caller: Caller, args: Record<string, unknown>): Promise<AppView> {
    return appView(await this.appFor(caller, args));
  }

  /** resellerAppInstallations(resellerId, appId): the app's current installations in every organisation. */
  async installations(caller: Caller, args: Record<string, unknown>): Promise<ResellerInstallationView[]> {
    const app = await this.appFor(caller, args);
    const out: ResellerInstallationView[] = [];
    for (const i of await this.deps.store.appInstallations(app.id)) {
      const org = await this.deps.orgs.org(i.orgId);
      out.push({
        id: i.id,
        appId: app.id,
        appName: app.name,
        orgId: i.orgId,
        orgName: org?.name ?? i.orgId,
        scopes: app.scopes,
        installedAt: i.installedAt,
        installedBy: i.installedBy,
      });
    }
    return out;
  }

  /** resellerWebhooks(resellerId, appId): the webhooks of the app's current installations. */
  async webhooks(caller: Caller, args: Record<string, unknown>): Promise<WebhookView[]> {
    const app = await this.appFor(caller, args);
    const out: WebhookView[] = [];
    for (const i of await this.deps.store.appInstallations(app.id)) {
      out.push(...(await this.deps.store.webhooks(i.id)).map(webhookView));
    }
    return out;
  }

  /** resellerWebhook(resellerId, appId, webhookId). */
  async webhook(caller: Caller, args: Record<string, unknown>): Promise<WebhookView> {
    return webhookView(await this.webhookFor(caller, args, 'member'));
  }

  /** resellerWebhookDeliveries(resellerId, appId, webhookId, first, after): newest first, with attempts. */
  async deliveries(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<DeliveryView[]> {
    const webhook = await this.webhookFor(caller, args, 'member');
    return (await this.deps.store.deliveries(webhook.id, page)).map(deliveryView);
  }

  /** resellerWebhookDelivery(resellerId, appId, deliveryId). */
  async delivery(caller: Caller, args: Record<string, unknown>): Promise<DeliveryView> {
    return deliveryView(await this.deliveryFor(caller, args, 'member'));
  }

  /** resellerRedeliverWebhook(resellerId, appId, deliveryId): sent again at the next pass; audited on the office's trail and the reseller's. */
  async redeliver(caller: Caller, args: Record<string, unknown>): Promise<Recorded<DeliveryView>> {
    const delivery = await this.deliveryFor(caller, args, 'admin');
    await this.deps.store.redeliver(delivery.id, this.deps.now());
    const again = (await this.deps.store.delivery(delivery.id))!;
    const detail = { webhookId: delivery.webhookId, deliveryId: delivery.id, resellerId: args.resellerId };
    return recorded(
      deliveryView(again),
      { trail: 'organisation', action: 'webhookRedelivered', detail: { orgId: delivery.orgId, ...detail } },
      { trail: 'organisation', action: 'webhookRedelivered', detail: { orgId: args.resellerId, ...detail } },
    );
  }

  /** The reseller named by the call, once the caller has what it needs there; another organisation type is NOT_FOUND. */
  private async reseller(caller: Caller, args: Record<string, unknown>, need: Need): Promise<OrgRecord> {
    const { org } = await orgFor({ store: this.deps.orgs, access: this.deps.access }, caller, args.resellerId, need);
    if (org.type !== 'reseller') refuse('NOT_FOUND');
    return org;
  }

  private async appFor(caller: Caller, args: Record<string, unknown>, need: Need = 'member'): Promise<AppRecord> {
    const reseller = await this.reseller(caller, args, need);
    const app = await this.deps.store.app(parse(idArg, args.appId));
    if (!app || app.ownerOrgId !== reseller.id) refuse('NOT_FOUND');
    return app;
  }

  /** A webhook of a current installation of the reseller's app. */
  private async webhookFor(caller: Caller, args: Record<string, unknown>, need: Need): Promise<WebhookRecord> {
    const app = await this.appFor(caller, args, need);
    const webhook = await this.deps.store.webhook(parse(idArg, args.webhookId));
    if (!webhook || !(await this.ofApp(webhook.installationId, app))) refuse('NOT_FOUND');
    return webhook;
  }

  private async deliveryFor(caller: Caller, args: Record<string, unknown>, need: Need): Promise<DeliveryRecord> {
    const app = await this.appFor(caller, args, need);
    const delivery = await this.deps.store.delivery(parse(idArg, args.deliveryId));
    const webhook = delivery ? await this.deps.store.webhook(delivery.webhookId) : null;
    if (!delivery || !webhook || !(await this.ofApp(webhook.installationId, app))) refuse('NOT_FOUND');
    return delivery;
  }

  /** Whether an installation is a current one of the app (an uninstalled one's webhooks are no longer the reseller's to see). */
  private async ofApp(installationId: string, app: AppRecord): Promise<boolean> {
    const installation = await this.deps.store.installation(installationId);
    return installation !== null && installation.appId === app.id && installation.uninstalledAt === null;
  }
}

/** The reseller app's service as the server builds it: the redeliver an audited configuration change. */
export type AuditedResellerApps = Audited<ResellerAppsService, 'redeliver'>;

export function auditedResellerApps(service: ResellerAppsService, sinks: AuditSinks): AuditedResellerApps {
  return audited(service, { redeliver: 'configuration' }, sinks);
}
