import type { AppView, DeliveryView, ResellerInstallationView, WebhookView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageRequest } from './pagination.js';

/**
 * The reseller app (issue 42; spec 000 §2 `/reseller/{resellerId}`: apps, apps/{appId} and the
 * webhook-debug screens under each app). Thin resolvers over ResellerAppsService: the reseller's
 * members read, its administrators redeliver, the internal team passes. An app is made and its
 * secret rotated with createApp(orgId: resellerId) and rotateAppSecret. Times are epoch ms.
 */
export const resellerAppTypeDefs = /* GraphQL */ `
  "An installation of a reseller's app, with the organization's name."
  type ResellerAppInstallation {
    id: String!
    appId: String!
    appName: String!
    orgId: String!
    orgName: String!
    scopes: [String!]!
    installedAt: Float!
    installedBy: String!
  }

  extend type Query {
    "The apps the reseller owns; its members and the internal team."
    resellerApps(resellerId: String!): [App!]!
    resellerApp(resellerId: String!, appId: String!): App!
    "The app's current installations in every organization."
    resellerAppInstallations(resellerId: String!, appId: String!): [ResellerAppInstallation!]!
    "The webhooks of the app's current installations."
    resellerWebhooks(resellerId: String!, appId: String!): [Webhook!]!
    resellerWebhook(resellerId: String!, appId: String!, webhookId: String!): Webhook!
    "A page of the webhook's deliveries, newest first (after: the last delivery's id)."
    resellerWebhookDeliveries(
      resellerId: String!
      appId: String!
      webhookId: String!
      first: Int
      after: String
    ): [WebhookDelivery!]!
    resellerWebhookDelivery(resellerId: String!, appId: String!, deliveryId: String!): WebhookDelivery!
  }

  extend type Mutation {
    "Sends a delivery of the reseller's app again (the same webhook-id); the reseller's administrators and the internal team."
    resellerRedeliverWebhook(resellerId: String!, appId: String!, deliveryId: String!): WebhookDelivery!
  }
`;

export const resellerAppResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    resellerApps: async (_, args, ctx): Promise<AppView[]> =>
      ctx.services.resellerApps.apps(await ctx.caller(), graphqlArgs(args)),
    resellerApp: async (_, args, ctx): Promise<AppView> =>
      ctx.services.resellerApps.app(await ctx.caller(), graphqlArgs(args)),
    resellerAppInstallations: async (_, args, ctx): Promise<ResellerInstallationView[]> =>
      ctx.services.resellerApps.installations(await ctx.caller(), graphqlArgs(args)),
    resellerWebhooks: async (_, args, ctx): Promise<WebhookView[]> =>
      ctx.services.resellerApps.webhooks(await ctx.caller(), graphqlArgs(args)),
    resellerWebhook: async (_, args, ctx): Promise<WebhookView> =>
      ctx.services.resellerApps.webhook(await ctx.caller(), graphqlArgs(args)),
    resellerWebhookDeliveries: async (_, args, ctx): Promise<DeliveryView[]> =>
      ctx.services.resellerApps.deliveries(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
    resellerWebhookDelivery: async (_, args, ctx): Promise<DeliveryView> =>
      ctx.services.resellerApps.delivery(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    resellerRedeliverWebhook: async (_, args, ctx): Promise<DeliveryView> =>
      ctx.services.resellerApps.redeliver(await ctx.caller(), graphqlArgs(args)),
  }),
};
