export * from './macro.js';
export * from './items.js';
export * from './owners.js';
