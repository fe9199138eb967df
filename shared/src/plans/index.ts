export * from './tiers.js';
export * from './pricing.js';
export * from './flags.js';
export * from './catalogue.js';
