export * from './model.js';
export * from './rules.js';
export * from './chart.js';
export * from './document.js';
export * from './labels.js';
export * from './discharge.js';
export * from './totals.js';
export * from './Report.js';
export { dateTime } from '../case-data/read.js';
