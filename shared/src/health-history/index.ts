export * from './schema.js';
export * from './systems-review.js';
export * from './medications.js';
export * from './lifecycle.js';
export * from './case-copy.js';
export * from './patient-answers.js';
export * from './patient-record.js';
