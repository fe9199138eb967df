export * from './content-hash.js';
export * from './protocol.js';
