export * from './org-id.js';
export * from './permissions.js';
export * from './features.js';
export * from './subscription.js';
