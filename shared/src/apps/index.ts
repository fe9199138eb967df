import { z } from 'zod';
import { isResourceType, RESOURCE_TYPES } from '../fhir/resources.js';

/*
 * Apps, their API scopes and their webhooks' events (issue 42; spec 000 §2, §6): the pure rules
 * the server checks and the screens explain. Scopes are SMART Backend Services' system scopes
 * (SMART App Launch 1.0 form, `system/Patient.read`).
 */

/** A scope's access: read (read, search, history) or write (create, update, delete). */
export type ScopeMode = 'read' | 'write';

/** `system/{Type|*}.{read|write}`: the only scopes an app is granted. */
const SCOPE_RE = /^system\/(\*|[A-Za-z]+)\.(read|write)$/;

/** One scope, read: the resource type it covers ('*' for all) and its mode; null when not a system scope of a Vigil type. */
export function parseScope(scope: string): { type: string; mode: ScopeMode } | null {
  const m = SCOPE_RE.exec(scope);
  if (!m) return null;
  const [, type, mode] = m;
  if (type !== '*' && !isResourceType(type)) return null;
  return { type, mode: mode as ScopeMode };
}

/**
 * [APP1] An app's scopes: each `system/{ResourceType}.read` or `.write` (or `system/*.read|write`)
 * naming a resource type Vigil serves, at least one, each once (sorted as kept).
 */
export const appScopesSchema = z
  .array(z.string())
  .min(1, 'Choose at least one scope.')
  .max(100)
  .superRefine((scopes, ctx) => {
    scopes.forEach((s, i) => {
      if (!parseScope(s)) ctx.addIssue({ code: 'custom', path: [i], message: `Not a system scope: ${s}` });
    });
  })
  .transform((scopes) => [...new Set(scopes)].sort());

/** Every scope APP1 accepts, as a screen offers them: all types first, then each type, read before write. */
export const APP_SCOPE_CHOICES: readonly string[] = ['*', ...[...RESOURCE_TYPES].sort()].flatMap((t) => [
  `system/${t}.read`,
  `system/${t}.write`,
]);

/**
 * [APP2] Whether scopes allow a mode on a resource type: a scope of that type or of '*' with that
 * mode; write does not include read, nor read write (SMART 1.0's read and write are separate).
 */
export function scopesAllow(scopes: readonly string[], type: string, mode: ScopeMode): boolean {
  return scopes.some((s) => {
    const p = parseScope(s);
    return p !== null && p.mode === mode && (p.type === '*' || p.type === type);
  });
}

/** One public key of an app's JWK Set: an EC P-384 or RSA key with its kid, never a private member. */
const publicJwkSchema = z
  .object({ kty: z.enum(['EC', 'RSA']), kid: z.string().min(1).max(200) })
  .passthrough()
  .refine((k) => !('d' in k) && !('p' in k) && !('q' in k), 'A private key was given: give the public key only.');

/**
 * [APP6] An app's JWK Set for SMART Backend Services' signed assertions (private_key_jwt): JSON
 * `{ "keys": [...] }` of 1 to 10 public EC or RSA keys, each with a kid, kids distinct.
 */
export const appJwksSchema = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Not JSON.' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({ keys: z.array(publicJwkSchema).min(1).max(10) })
      .refine((s) => new Set(s.keys.map((k) => k.kid)).size === s.keys.length, 'Each key needs its own kid.'),
  );

/**
 * [APP7] Where an app publishes its JWK Set (SMART Backend Services' jwks_uri, used instead of a
 * pasted set): an https URL, or http to localhost (development and tests), at most 2,000 characters.
 */
export const appJwksUrlSchema = z
  .string()
  .trim()
  .max(2000, 'At most 2,000 characters.')
  .url('Enter a URL.')
  .refine((u) => /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$))/i.test(u), 'Use an https URL.');

/** [APP3] An app's name: 1–100 characters once trimmed. */
export const appNameSchema = z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.');

/** The events a webhook may subscribe to (issue 42), as a delivery's `type` names them. */
export const WEBHOOK_EVENTS = [
  'resource.created',
  'resource.updated',
  'resource.deleted',
  'case.finalized',
  'addendum.signed',
  'history.signed',
  'ledger.entry',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The screens' words for each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'resource.created': 'Resource created',
  'resource.updated': 'Resource updated',
  'resource.deleted': 'Resource deleted',
  'case.finalized': 'Case finalized',
  'addendum.signed': 'Addendum signed',
  'history.signed': 'Health history signed',
  'ledger.entry': 'Ledger entry',
};

/** A change of the feed as the webhook rule reads it (structural: the server's Change fits). */
export interface WebhookChangeRef {
  kind: string;
  resourceType?: string;
  /** A resource change's payload has its `action`. */
  payload: object;
}

/** What a webhook listens to: events, and for resource events the resource types (empty: none). */
export interface WebhookSubscription {
  events: readonly WebhookEvent[];
  resourceTypes: readonly string[];
}

const RESOURCE_EVENT: Record<string, WebhookEvent> = {
  create: 'resource.created',
  update: 'resource.updated',
  delete: 'resource.deleted',
};

/**
 * [APP4] The event a change of the feed is for a webhook, or null when the webhook does not get
 * it: a resource change is `resource.{created|updated|deleted}` of a chosen type; a domain event
 * is its own name; other feed kinds (policies) are not offered. An AuditEvent is never sent.
 */
export function webhookEventOf(change: WebhookChangeRef, sub: WebhookSubscription): WebhookEvent | null {
  if (change.kind === 'resource') {
    const event = RESOURCE_EVENT[String((change.payload as { action?: unknown }).action)];
    if (!event || !change.resourceType || change.resourceType === 'AuditEvent') return null;
    return sub.events.includes(event) && sub.resourceTypes.includes(change.resourceType) ? event : null;
  }
  const named = WEBHOOK_EVENTS.find((e) => e === change.kind);
  return named && !named.startsWith('resource.') && sub.events.includes(named) ? named : null;
}

/** [APP5] Webhook delivery attempts: the first at once, then after 5 s doubling up to 1 hour each, for 24 hours. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/**
 * [APP5] When to try a delivery again after its `attempts`-th failed attempt (1-based), or null
 * when that would be more than 24 hours after its first attempt (it is then failed for good).
 */
export function nextAttemptAt(firstAttemptAt: number, lastAttemptAt: number, attempts: number): number | null {
  const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  const next = lastAttemptAt + wait;
  return next - firstAttemptAt > WEBHOOK_RETRY_FOR_MS ? null : next;
}

/** A webhook's input: an https URL (http only to localhost), events and resource types. */
export const webhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .url('Enter a URL.')
    .refine(
      (u) => /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$))/i.test(u),
      'Use an https URL.',
    ),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event.'),
  resourceTypes: z.array(z.string().refine((t) => isResourceType(t), 'Unknown resource type')).default([]),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** An app as the screens show it (the secret never; `ownerOrgId` null: made by the team). */
export const appViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerOrgId: z.string().nullable(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.number(),
  secretRotatedAt: z.number(),
  /** Where its JWK Set is fetched from for signed token requests (SMART Backend Services' jwks_uri), or null. */
  jwksUrl: z.string().nullable(),
});
export type AppView = z.infer<typeof appViewSchema>;

/** A new app or a rotated secret: the client secret, shown this once. */
export const appWithSecretViewSchema = z.object({ app: appViewSchema, clientSecret: z.string() });
export type AppWithSecretView = z.infer<typeof appWithSecretViewSchema>;

/** An installation of an app in an organisation. */
export const appInstallationViewSchema = z.object({
  id: z.string(),
  appId: z.string(),
  appName: z.string(),
  orgId: z.string(),
  scopes: z.array(z.string()),
  installedAt: z.number(),
  installedBy: z.string(),
});
export type AppInstallationView = z.infer<typeof appInstallationViewSchema>;

/** An installation of a reseller's app as the reseller sees it: with the organisation's name. */
export const resellerInstallationViewSchema = appInstallationViewSchema.extend({ orgName: z.string() });
export type ResellerInstallationView = z.infer<typeof resellerInstallationViewSchema>;

/** A webhook of an installation (its signing secret shown only on creation). */
export const webhookViewSchema = z.object({
  id: z.string(),
  installationId: z.string(),
  orgId: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  resourceTypes: z.array(z.string()),
  createdAt: z.number(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** A new webhook: its Standard Webhooks signing secret (`whsec_…`), shown this once. */
export const webhookWithSecretViewSchema = z.object({ webhook: webhookViewSchema, secret: z.string() });
export type WebhookWithSecretView = z.infer<typeof webhookWithSecretViewSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One try of a delivery: what was sent and what came back (responseBody: the first 1,000 characters, or the network error). */
export const deliveryAttemptViewSchema = z.object({
  n: z.number(),
  at: z.number(),
  requestHeaders: z.string(),
  responseStatus: z.number().nullable(),
  responseBody: z.string(),
  durationMs: z.number(),
});
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptViewSchema>;

/** A delivery (its id is the message's `webhook-id`); subject: `Type/id` it is about. */
export const deliveryViewSchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  subject: z.string(),
  seq: z.number(),
  createdAt: z.number(),
  status: z.enum(DELIVERY_STATUSES),
  nextAttemptAt: z.number().nullable(),
  payload: z.string(),
  attempts: z.array(deliveryAttemptViewSchema),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;
