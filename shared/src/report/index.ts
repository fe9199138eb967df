export * from './model.js';
export * from './rules.js';
export * from './chart.js';
export * from './document.js';
export * from './Report.js';
