import { TOKEN_COOKIE_NAMES } from '@vigil/shared';
import type { Environment } from '../config.js';

/** Account settings read from the environment (see README and docs/decisions.md). */
export interface AuthSettings {
  environment: Environment;
  /** `tok` in production, `dev-tok` otherwise (spec 000 §7). */
  cookieName: string;
  /** Milliseconds added to the real clock; honoured only when NODE_ENV=test, so tests can step past expiries. */
  clockOffsetMs: number;
  /** SMTP transport URL; without it mail goes to the outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin used in links sent by mail; the request's origin when unset (never in production). */
  publicUrl: string | null;
  /** Sudo can be skipped by a user with no verified MFA option (spec 000 §6); SUDO_SKIP=off disallows it. */
  allowSudoSkip: boolean;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy: boolean;
  /** Proof-of-work bot check on sign-up and sign-in; BOT_CHECK=off disables it (benchmarks only). */
  botCheck: boolean;
  /**
   * Shared secret an EMR signs launch tokens with (EMR_LAUNCH_SECRET, at least 32 characters);
   * without it EMR launch does not exist.
   */
  emrLaunchSecret: string | null;
}

export function loadAuthSettings(environment: Environment, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const offset = environment === 'test' ? Number(env.VIGIL_TEST_CLOCK_OFFSET_MS ?? 0) : 0;
  return {
    environment,
    cookieName: environment === 'production' ? TOKEN_COOKIE_NAMES.production : TOKEN_COOKIE_NAMES.development,
    clockOffsetMs: Number.isFinite(offset) ? offset : 0,
    smtpUrl: env.SMTP_URL ? env.SMTP_URL : null,
    mailFrom: env.MAIL_FROM ?? 'Vigil <no-reply@vigil.health>',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
    allowSudoSkip: env.SUDO_SKIP !== 'off',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    botCheck: env.BOT_CHECK !== 'off',
    emrLaunchSecret: env.EMR_LAUNCH_SECRET && env.EMR_LAUNCH_SECRET.length >= 32 ? env.EMR_LAUNCH_SECRET : null,
  };
}

export type Clock = () => number;

/** The server's clock for account rules, shifted by the test-only offset. */
export function authClock(settings: Pick<AuthSettings, 'clockOffsetMs'>): Clock {
  const offset = settings.clockOffsetMs;
  return () => Date.now() + offset;
}
