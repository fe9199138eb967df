export { createApp } from './app.js';
export { loadConfig, type ServerConfig, type Environment } from './config.js';
export { startServer, type RunningServer } from './server.js';
export { createLogger } from './log.js';
