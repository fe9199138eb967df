export * from './org-id.js';
export * from './permissions.js';
export * from './features.js';
export * from './subscription.js';
export * from './texts.js';
export * from './forms.js';
export * from './baa.js';
export * from './invitation.js';
