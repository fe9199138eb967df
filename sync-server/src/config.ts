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
  /**
   * Serve the development outbox (sign-in codes, reset links) to clients on other machines
   * (DEV_OUTBOX_REMOTE=on); by default only to this machine, even with HOST=0.0.0.0.
   */
  devOutboxRemote: boolean;
  /**
   * Serve `POST /api/billing/local/advance-clock` (the local payment provider's clock moved
   * forward: "day 31 of a trial"): always with NODE_ENV=test, in development with
   * LOCAL_PAYMENTS_CLOCK=on, never in production.
   */
  paymentsClock?: boolean;
  /**
   * Redis (REDIS_URL; issue 43), when several instances serve one database: committed changes are
   * announced to every instance through it. Unset: one instance, announcements in memory.
   */
  redisUrl?: string;
  /**
   * PostgreSQL (DATABASE_URL, postgres://…; issue 43): the storage of every store instead of the
   * SQLite file under DATA_DIR (store/select.ts). Unset: SQLite, the default.
   */
  databaseUrl?: string;
  /** What this deployment's Redis keys and channels start with (REDIS_PREFIX, default 'vigil:'): several deployments can share one Redis. */
  redisPrefix: string;
  /** Where Help / Feedback messages are mailed (SUPPORT_EMAIL; spec 000 §9: the support address is configured). */
  supportEmail: string;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * The environment; production when unset, so a server started without configuration never
 * exposes development tools (`npm start` sets development for the local demo).
 */
function parseEnvironment(value: string | undefined): Environment {
  if (value === undefined || value === '') return 'production';
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
 * Reads the server's settings from the environment. Defaults: port 8080, SQLite under ./data,
 * production. Outside production the server listens on loopback only and seeds demo data into
 * a new database (its development tools, like the mail outbox, must not face a network).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = parseEnvironment(env.NODE_ENV);
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? (environment === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    environment,
    version: readVersion(),
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(REPO_ROOT, 'client/dist')),
    seedDemo:
      env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? environment !== 'production' : env.SEED_DEMO === 'on',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? (environment === 'production' ? '' : 'http://localhost:5173'))
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    devOutboxRemote: env.DEV_OUTBOX_REMOTE === 'on',
    paymentsClock: environment === 'test' || (environment === 'development' && env.LOCAL_PAYMENTS_CLOCK === 'on'),
    redisUrl: env.REDIS_URL || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'vigil:',
    supportEmail: env.SUPPORT_EMAIL || 'support@vigil.health',
  };
}
