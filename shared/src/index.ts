export * from './constants/time.js';
export * from './constants/shell.js';
export * from './constants/case.js';
export * from './constants/widgets.js';
export * from './enums.js';
export * from './id.js';
