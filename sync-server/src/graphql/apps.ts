import type { AppInstallationView, AppView, DeliveryView, WebhookView } from '@vigil/shared';
import type { AppWithSecret, WebhookWithSecret } from '../apps/service.js';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * Apps and webhooks (issue 42; spec 000 §2 apps, apps/{appId}, apps/installed/{id} and the
 * webhook-debug screens). Thin resolvers over AppsService: whoever administers the organisation
 * installs and sets up webhooks; an app is made by the team, a reseller's admins, or an
 * organisation's admins with privateAppCreation. Times are epoch ms.
 */
export const appTypeDefs = /* GraphQL */ `
  "An app: its OAuth 2 client id and SMART system scopes (ownerOrgId null: made by the team)."
  type App {
    id: String!
    name: String!
    ownerOrgId: String
    clientId: String!
    scopes: [String!]!
    createdAt: Float!
    secretRotatedAt: Float!
    "Where its JWK Set is fetched from for signed token requests (jwks_uri), or null."
    jwksUrl: String
  }

  "A new app or a rotated secret: the client secret, shown this once."
  type AppWithSecret {
    app: App!
    clientSecret: String!
  }

  type AppInstallation {
    id: String!
    appId: String!
    appName: String!
    orgId: String!
    scopes: [String!]!
    installedAt: Float!
    installedBy: String!
  }

  "A webhook of an installation: events (resource.created, case.finalized…) and, for resource events, resource types."
  type Webhook {
    id: String!
    installationId: String!
    orgId: String!
    url: String!
    events: [String!]!
    resourceTypes: [String!]!
    createdAt: Float!
  }

  "A new webhook: its Standard Webhooks signing secret, shown this once."
  type WebhookWithSecret {
    webhook: Webhook!
    secret: String!
  }

  "One try of a delivery: the headers sent, the answer's status (null: no answer) and its first 1,000 characters."
  type WebhookDeliveryAttempt {
    n: Int!
    at: Float!
    requestHeaders: String!
    responseStatus: Int
    responseBody: String!
    durationMs: Float!
  }

  "A delivery (id: its webhook-id): pending, delivered or failed (24 hours of retries spent)."
  type WebhookDelivery {
    id: String!
    webhookId: String!
    event: String!
    subject: String!
    seq: Float!
    createdAt: Float!
    status: String!
    nextAttemptAt: Float
    payload: String!
    attempts: [WebhookDeliveryAttempt!]!
  }

  extend type Query {
    "The apps the organization may install (the team's, resellers', its own); whoever administers it."
    apps(orgId: String!): [App!]!
    app(orgId: String!, appId: String!): App!
    "The organization's installed apps."
    installedApps(orgId: String!): [AppInstallation!]!
    installedApp(orgId: String!, installationId: String!): AppInstallation!
    webhooks(orgId: String!, installationId: String!): [Webhook!]!
    webhook(orgId: String!, webhookId: String!): Webhook!
    "A page of a webhook's deliveries, newest first (after: the last delivery's id), with their attempts."
    webhookDeliveries(orgId: String!, webhookId: String!, first: Int, after: String): [WebhookDelivery!]!
    webhookDelivery(orgId: String!, deliveryId: String!): WebhookDelivery!
  }

  extend type Mutation {
    "A new app; without orgId the team's (internal staff), else owned by that organization (a reseller, or privateAppCreation; FEATURE_DISABLED otherwise). jwks: its public JWK Set (JSON) for signed token requests (SMART Backend Services); jwksUrl: or the https address it is published at (fetched and cached)."
    createApp(name: String!, scopes: [String!]!, orgId: String, jwks: String, jwksUrl: String): AppWithSecret!
    "A new client secret; the old one stops working at once."
    rotateAppSecret(appId: String!): AppWithSecret!
    installApp(orgId: String!, appId: String!): AppInstallation!
    "Uninstalls: its tokens are refused at once and its webhooks stop."
    uninstallApp(orgId: String!, installationId: String!): Boolean!
    createWebhook(
      orgId: String!
      installationId: String!
      url: String!
      events: [String!]!
      resourceTypes: [String!]
    ): WebhookWithSecret!
    deleteWebhook(orgId: String!, webhookId: String!): Boolean!
    "Sends a delivery again (the same webhook-id), with 24 hours of retries."
    redeliverWebhook(orgId: String!, deliveryId: String!): WebhookDelivery!
  }
`;

export const appResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    apps: async (_, args, ctx): Promise<AppView[]> =>
      ctx.services.apps.available(await ctx.caller(), graphqlArgs(args)),
    app: async (_, args, ctx): Promise<AppView> => ctx.services.apps.app(await ctx.caller(), graphqlArgs(args)),
    installedApps: async (_, args, ctx): Promise<AppInstallationView[]> =>
      ctx.services.apps.installed(await ctx.caller(), graphqlArgs(args)),
    installedApp: async (_, args, ctx): Promise<AppInstallationView> =>
      ctx.services.apps.installedApp(await ctx.caller(), graphqlArgs(args)),
    webhooks: async (_, args, ctx): Promise<WebhookView[]> =>
      ctx.services.apps.webhooks(await ctx.caller(), graphqlArgs(args)),
    webhook: async (_, args, ctx): Promise<WebhookView> =>
      ctx.services.apps.webhook(await ctx.caller(), graphqlArgs(args)),
    webhookDeliveries: async (_, args, ctx): Promise<DeliveryView[]> =>
      ctx.services.apps.deliveries(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
    webhookDelivery: async (_, args, ctx): Promise<DeliveryView> =>
      ctx.services.apps.delivery(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    createApp: async (_, args, ctx): Promise<AppWithSecret> =>
      ctx.services.apps.create(await ctx.caller(), graphqlArgs(args)),
    rotateAppSecret: async (_, args, ctx): Promise<AppWithSecret> =>
      ctx.services.apps.rotateSecret(await ctx.caller(), graphqlArgs(args)),
    installApp: async (_, args, ctx): Promise<AppInstallationView> =>
      ctx.services.apps.install(await ctx.caller(), graphqlArgs(args)),
    uninstallApp: async (_, args, ctx): Promise<boolean> =>
      ctx.services.apps.uninstall(await ctx.caller(), graphqlArgs(args)),
    createWebhook: async (_, args, ctx): Promise<WebhookWithSecret> =>
      ctx.services.apps.createWebhook(await ctx.caller(), graphqlArgs(args)),
    deleteWebhook: async (_, args, ctx): Promise<boolean> =>
      ctx.services.apps.deleteWebhook(await ctx.caller(), graphqlArgs(args)),
    redeliverWebhook: async (_, args, ctx): Promise<DeliveryView> =>
      ctx.services.apps.redeliver(await ctx.caller(), graphqlArgs(args)),
  }),
};
