export * from './tiers.js';
export * from './pricing.js';
