import type { DeliveryStatus, WebhookEvent } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';

/*
 * Apps, their installations, tokens and webhooks (issue 42). Every method is async and every
 * write one atomic step, so another implementation only has to implement this interface and pass
 * contract.test.ts (memory and SQLite now).
 */

export interface AppRecord {
  id: string;
  name: string;
  /** The organisation that made it (privateAppCreation), or null: made by the internal team. */
  ownerOrgId: string | null;
  clientId: string;
  /** SHA-256 (hex) of the client secret: the secret itself is shown once and never kept. */
  secretHash: string;
  scopes: string[];
  createdAt: number;
  createdBy: string;
  secretRotatedAt: number;
  /** The public JWK Set (JSON) its signed token requests are checked with, or null (client secret only). */
  jwks: string | null;
  /** Where its JWK Set is published (SMART Backend Services' jwks_uri), fetched and cached by the token endpoint; or null. */
  jwksUrl: string | null;
}

export interface InstallationRecord {
  id: string;
  appId: string;
  orgId: string;
  installedAt: number;
  installedBy: string;
  /** Null while installed. */
  uninstalledAt: number | null;
}

export interface TokenRecord {
  /** SHA-256 (hex) of the bearer token. */
  hash: string;
  installationId: string;
  orgId: string;
  scopes: string[];
  expiresAt: number;
}

export interface WebhookRecord {
  id: string;
  installationId: string;
  orgId: string;
  url: string;
  /** The Standard Webhooks signing secret (`whsec_…`): kept, since every delivery is signed with it. */
  secret: string;
  events: WebhookEvent[];
  resourceTypes: string[];
  createdAt: number;
}

export interface AttemptRecord {
  n: number;
  at: number;
  requestHeaders: string;
  responseStatus: number | null;
  responseBody: string;
  durationMs: number;
}

export interface DeliveryRecord {
  /** The message id (`webhook-id`): kept across retries and redeliveries, so a receiver can dedupe. */
  id: string;
  webhookId: string;
  orgId: string;
  /** The change feed's seq the delivery was made from (one delivery per webhook and change). */
  seq: number;
  event: WebhookEvent;
  /** What it is about (`Patient/p1`): deliveries of one subject go out in order. */
  subject: string;
  /** The body sent, as JSON text. */
  payload: string;
  createdAt: number;
  status: DeliveryStatus;
  /** When the current run of attempts began (creation, or the last redeliver): the 24 hours count from it. */
  windowStart: number;
  nextAttemptAt: number | null;
  attempts: AttemptRecord[];
}

export interface AppStore {
  createApp(app: AppRecord): Promise<void>;
  app(id: string): Promise<AppRecord | null>;
  appByClientId(clientId: string): Promise<AppRecord | null>;
  /** Every app, oldest first. */
  apps(): Promise<AppRecord[]>;
  /** Replaces the app's secret hash (rotation): the old secret stops working at once. */
  setSecret(appId: string, secretHash: string, at: number): Promise<void>;

  /**
   * Records a signed assertion's id (jti) until it expires; false when the client used it before
   * (a replay). Ids expired at `now` are forgotten.
   */
  claimAssertion(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean>;

  /** Adds an installation; false (nothing added) when the app is installed in that organisation already. */
  install(installation: InstallationRecord): Promise<boolean>;
  installation(id: string): Promise<InstallationRecord | null>;
  /** The organisation's current installations, oldest first. */
  installations(orgId: string): Promise<InstallationRecord[]>;
  /** An app's current installations in every organisation, oldest first (its reseller's view). */
  appInstallations(appId: string): Promise<InstallationRecord[]>;
  /** Marks it uninstalled and deletes its tokens, in one step; false when it was not installed. */
  uninstall(id: string, at: number): Promise<boolean>;

  putToken(token: TokenRecord): Promise<void>;
  /** The token of that hash, while its installation is installed; null otherwise. */
  token(hash: string): Promise<TokenRecord | null>;

  createWebhook(webhook: WebhookRecord): Promise<void>;
  webhook(id: string): Promise<WebhookRecord | null>;
  webhooks(installationId: string): Promise<WebhookRecord[]>;
  /** The webhooks of every current installation (the consumer's list). */
  activeWebhooks(): Promise<WebhookRecord[]>;
  deleteWebhook(id: string): Promise<void>;

  /** Adds a delivery unless the webhook has one for that seq already (the consumer is at least once). */
  addDelivery(delivery: DeliveryRecord): Promise<void>;
  delivery(id: string): Promise<DeliveryRecord | null>;
  /** A page of a webhook's deliveries, newest first; `after` is the id of the last delivery of the page before. */
  deliveries(webhookId: string, page: PageRequest): Promise<DeliveryRecord[]>;
  /**
   * Deliveries to try now: pending, due at `now`, of a current installation, and each the oldest
   * pending of its webhook and subject (so one subject's events go out in order); oldest first.
   */
  due(now: number, limit: number): Promise<DeliveryRecord[]>;
  /** Records an attempt and the delivery's status and next attempt after it. */
  addAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    status: DeliveryStatus,
    nextAttemptAt: number | null,
  ): Promise<void>;
  /** Pending again, due at `now`, its 24 hours counted from `now`; false when unknown. */
  redeliver(deliveryId: string, now: number): Promise<boolean>;
}
