export * from './tour.js';
