export * from './content-cache.js';
export * from './content-hash.js';
export * from './protocol.js';
export * from './local-cache.js';
