export * from './forms.js';
export * from './markdown.js';
