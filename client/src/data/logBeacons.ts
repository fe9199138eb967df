import {
  LOG_BEACON_MIN_LEVEL,
  LOG_LEVELS,
  beaconErrorName,
  beaconRoute,
  beaconWhere,
  type LogBeaconKind,
  type LogLevel,
} from '@vigil/shared';
import { graphql, knownOffline, RequestError } from './graphql.js';

/*
 * Log beacons (spec 000 §7 "log beacons (level info)"; the levels of spec 002 §9): the browser's
 * errors sent to Vigil's own server, at info and above only, with no message or stack text
 * (CL1: the error's class name, a request's code, the script file and line, the address with
 * its ids taken out). At most 10 a minute from one page and one per distinct error a minute;
 * offline nothing is sent or queued. A beacon that fails is dropped and raises no other.
 */

const PAGE_LIMIT_PER_MINUTE = 10;
let sentAt: number[] = [];
const lastOf = new Map<string, number>();

const MUTATION = `mutation ($level: Int!, $kind: String!, $errorName: String, $code: String, $where: String,
  $route: String, $appVersion: String, $orgId: String) {
  logBeacon(level: $level, kind: $kind, errorName: $errorName, code: $code, where: $where, route: $route,
    appVersion: $appVersion, orgId: $orgId)
}`;

/** The organisation a screen's address names (/org/{id}, /parent/{id}), else null. */
function orgOfPath(pathname: string): string | null {
  const m = /^\/(?:org|parent|reseller)\/([^/]+)/.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** Sends one beacon at `level` for `err` (fire and forget); below info, offline or over the page's limit, nothing. */
export function logBeacon(level: LogLevel, kind: LogBeaconKind, err: unknown, now = Date.now()): void {
  if (LOG_LEVELS[level] < LOG_BEACON_MIN_LEVEL || knownOffline()) return;
  const variables = {
    level: LOG_LEVELS[level],
    kind,
    errorName: beaconErrorName(err),
    code: err instanceof RequestError ? err.code : null,
    where: beaconWhere(err instanceof Error ? err.stack : undefined),
    route: beaconRoute(window.location.pathname),
    appVersion: typeof __APP_VERSION__ === 'string' && /^[\w.+-]{1,40}$/.test(__APP_VERSION__) ? __APP_VERSION__ : null,
    orgId: orgOfPath(window.location.pathname),
  };
  const key = `${kind}|${variables.errorName}|${variables.code}|${variables.where}`;
  sentAt = sentAt.filter((t) => now - t < 60_000);
  if (sentAt.length >= PAGE_LIMIT_PER_MINUTE || now - (lastOf.get(key) ?? -Infinity) < 60_000) return;
  sentAt.push(now);
  lastOf.set(key, now);
  graphql<{ logBeacon: boolean }>(MUTATION, variables).catch(() => undefined);
}

/** Sends the page's uncaught errors and unhandled rejections as error (50) beacons; once per page. */
export function installLogBeacons(target: Window = window): void {
  target.addEventListener('error', (e) => logBeacon('error', 'error', e.error));
  target.addEventListener('unhandledrejection', (e) => logBeacon('error', 'unhandledrejection', e.reason));
}

/** For tests: forgets what was sent. */
export function resetLogBeacons(): void {
  sentAt = [];
  lastOf.clear();
}
