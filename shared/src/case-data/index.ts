export * from './issue.js';
export * from './schema.js';
export * from './migrations.js';
export * from './validate.js';
export * from './wave-svg.js';
export * from './addendum.js';
export * from './entries.js';
export * from './readings.js';
