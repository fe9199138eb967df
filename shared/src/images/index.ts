export * from './raster.js';
export * from './png.js';
export * from './signature-svg.js';
