export * from './calendar.js';
export * from './appointment-changes.js';
export * from './preop.js';
