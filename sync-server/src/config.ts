import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Environment = 'development' | 'production' | 'test';

export interface ServerConfig {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind. */
  host: string;
  /** Directory holding vigil.db (created when missing). */
  dataDir: string;
  environment: Environment;
  /** Vigil's own version (root package.json). */
  version: string;
  /** Built PWA to serve (vite build output). */
  staticDir: string;
  /** Seed demo data into a new database. */
  seedDemo: boolean;
  /** Browser origins allowed to open sync sockets besides the server's own (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function parseEnvironment(value: string | undefined): Environment {
  if (value === undefined || value === '') return 'development';
  if (value === 'development' || value === 'production' || value === 'test') return value;
  throw new Error(`NODE_ENV must be development, production or test, not "${value}"`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, not "${value}"`);
  return port;
}

/**
 * Reads the server's settings from the environment, with the embedded defaults of the
 * one-command setup: port 8080, SQLite under ./data, development mode, demo data.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    environment: parseEnvironment(env.NODE_ENV),
    version: readVersion(),
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(REPO_ROOT, 'client/dist')),
    seedDemo: env.SEED_DEMO !== 'off',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? (env.NODE_ENV === 'production' ? '' : 'http://localhost:5173'))
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
