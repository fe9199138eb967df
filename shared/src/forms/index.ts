export * from './forms.js';
export * from './markdown.js';
export * from './submission.js';
export * from './tasks.js';
