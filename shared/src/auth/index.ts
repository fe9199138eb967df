export * from './texts.js';
export * from './validation.js';
export * from './return-url.js';
export * from './phone.js';
export * from './status.js';
export * from './activity.js';
