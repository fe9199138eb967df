export * from './raster.js';
export * from './png.js';
export * from './signature-svg.js';
export * from './webp.js';
export * from './image-input.js';
export * from './gallery.js';
