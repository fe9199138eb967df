/** The subscription feature's surface for other features: they import it only through this file. */
export { DeeperLevelsNote, PlanRequired, planRefusal } from './PlanRequired.js';
export { deeperLevelPlans, sedationEntitlement } from './levels.js';
export { useOrgPlanLimits } from './hooks.js';
export { PlanProductPage } from './PlanProductPage.js';
export { PlanProductsPage, ThePlanPage } from './ThePlanPage.js';
export { PricingTable } from './PricingTable.js';
export { SubscriptionBanner } from './SubscriptionBanner.js';
export { SubscriptionPage } from './SubscriptionPage.js';
