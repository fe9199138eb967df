import type { WebhookEvent } from '@vigil/shared';
import type { AppRecord, AttemptRecord, InstallationRecord, WebhookRecord } from './types.js';

/* The apps tables' rows and their records (split from sqlite.ts). */

export interface AppRow {
  id: string;
  name: string;
  owner_org_id: string | null;
  client_id: string;
  secret_hash: string;
  scopes: string;
  created_at: number;
  created_by: string;
  secret_rotated_at: number;
  jwks: string | null;
  jwks_url: string | null;
}
export interface InstallationRow {
  id: string;
  app_id: string;
  org_id: string;
  installed_at: number;
  installed_by: string;
  uninstalled_at: number | null;
}
export interface TokenRow {
  hash: string;
  installation_id: string;
  org_id: string;
  scopes: string;
  expires_at: number;
}
export interface WebhookRow {
  id: string;
  installation_id: string;
  org_id: string;
  url: string;
  secret: string;
  events: string;
  resource_types: string;
  created_at: number;
}
export interface DeliveryRow {
  id: string;
  webhook_id: string;
  org_id: string;
  seq: number;
  event: string;
  subject: string;
  payload: string;
  created_at: number;
  status: string;
  window_start: number;
  next_attempt_at: number | null;
}
export interface AttemptRow {
  n: number;
  at: number;
  request_headers: string;
  response_status: number | null;
  response_body: string;
  duration_ms: number;
}

export const appOf = (r: AppRow): AppRecord => ({
  id: r.id,
  name: r.name,
  ownerOrgId: r.owner_org_id,
  clientId: r.client_id,
  secretHash: r.secret_hash,
  scopes: JSON.parse(r.scopes) as string[],
  createdAt: r.created_at,
  createdBy: r.created_by,
  secretRotatedAt: r.secret_rotated_at,
  jwks: r.jwks,
  jwksUrl: r.jwks_url,
});
export const installationOf = (r: InstallationRow): InstallationRecord => ({
  id: r.id,
  appId: r.app_id,
  orgId: r.org_id,
  installedAt: r.installed_at,
  installedBy: r.installed_by,
  uninstalledAt: r.uninstalled_at,
});
export const webhookOf = (r: WebhookRow): WebhookRecord => ({
  id: r.id,
  installationId: r.installation_id,
  orgId: r.org_id,
  url: r.url,
  secret: r.secret,
  events: JSON.parse(r.events) as WebhookEvent[],
  resourceTypes: JSON.parse(r.resource_types) as string[],
  createdAt: r.created_at,
});
export const attemptOf = (r: AttemptRow): AttemptRecord => ({
  n: r.n,
  at: r.at,
  requestHeaders: r.request_headers,
  responseStatus: r.response_status,
  responseBody: r.response_body,
  durationMs: r.duration_ms,
});
