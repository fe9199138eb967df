import { createSchema } from 'graphql-yoga';
import { accountResolvers, accountTypeDefs } from './accounts.js';
import { analyticsResolvers, analyticsTypeDefs } from './analytics.js';
import { billingResolvers, billingTypeDefs } from './billing.js';
import { checklistResolvers, checklistTypeDefs } from './checklists.js';
import type { GraphqlContext, ServerContext } from './context.js';
import { feedbackResolvers, feedbackTypeDefs } from './feedback.js';
import { appResolvers, appTypeDefs } from './apps.js';
import { emrResolvers, emrTypeDefs } from './emr.js';
import { formResolvers, formTypeDefs } from './forms.js';
import { hhxResolvers, hhxTypeDefs } from './hhx.js';
import { officeDrugResolvers, officeDrugTypeDefs } from './office-drugs.js';
import { officeReportResolvers, officeReportTypeDefs } from './office-reports.js';
import { oversightResolvers, oversightTypeDefs } from './oversight.js';
import { inventoryResolvers, inventoryTypeDefs } from './inventories.js';
import { legalResolvers, legalTypeDefs } from './legal.js';
import { liveResolvers, liveTypeDefs } from './live.js';
import { bridgeResolvers, bridgeTypeDefs } from './bridges.js';
import { orgResolvers, orgTypeDefs } from './orgs/index.js';
import { policyResolvers, policyTypeDefs } from './policies.js';
import { preopResolvers, preopTypeDefs } from './preop.js';
import { presetResolvers, presetTypeDefs } from './presets.js';
import { reportResolvers, reportTypeDefs } from './report.js';
import { resellerAppResolvers, resellerAppTypeDefs } from './reseller-apps.js';
import { shellResolvers, shellTypeDefs } from './shell.js';
import { shopResolvers, shopTypeDefs } from './shop.js';

/** Each area's resolvers, every map through answeringAppErrors (resolver-style.test.ts). */
export const SCHEMA_RESOLVERS = [
  shellResolvers,
  accountResolvers,
  orgResolvers,
  reportResolvers,
  hhxResolvers,
  formResolvers,
  inventoryResolvers,
  policyResolvers,
  checklistResolvers,
  preopResolvers,
  officeDrugResolvers,
  presetResolvers,
  billingResolvers,
  shopResolvers,
  feedbackResolvers,
  appResolvers,
  resellerAppResolvers,
  emrResolvers,
  analyticsResolvers,
  officeReportResolvers,
  oversightResolvers,
  liveResolvers,
  bridgeResolvers,
  legalResolvers,
];

/** The one GraphQL schema: each area contributes its type definitions and resolvers. */
export function buildSchema(): ReturnType<typeof createSchema<ServerContext & GraphqlContext>> {
  return createSchema<ServerContext & GraphqlContext>({
    typeDefs: [
      shellTypeDefs,
      accountTypeDefs,
      orgTypeDefs,
      reportTypeDefs,
      hhxTypeDefs,
      formTypeDefs,
      inventoryTypeDefs,
      policyTypeDefs,
      checklistTypeDefs,
      preopTypeDefs,
      officeDrugTypeDefs,
      presetTypeDefs,
      billingTypeDefs,
      shopTypeDefs,
      feedbackTypeDefs,
      appTypeDefs,
      resellerAppTypeDefs,
      emrTypeDefs,
      analyticsTypeDefs,
      officeReportTypeDefs,
      oversightTypeDefs,
      liveTypeDefs,
      bridgeTypeDefs,
      legalTypeDefs,
    ],
    resolvers: SCHEMA_RESOLVERS,
  });
}
