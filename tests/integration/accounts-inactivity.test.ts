import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, fullyAuthenticated, sessionOf, type SessionData } from './accounts-client.js';

const PASSWORD = 'amber harbour 31 kite';
const HOUR = 60 * 60_000;
const MFA_IDLE_MS = 12 * HOUR;

/** The same browser (cookies) pointed at a restarted server. */
function moved(browser: Browser, url: string): Browser {
  const next = new Browser(url);
  for (const [k, v] of browser.cookies) next.cookies.set(k, v);
  return next;
}

async function restartedWithOffset(dataDir: string, offsetMs: number): Promise<TestServer> {
  return startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(offsetMs) } });
}

const EXTEND = 'mutation { extendSession { multiFactorLast multiFactorAuthExp sessionRenewedAt sessionExpiresAt } }';

describe('accounts: multi-factor idle timeout (spec 000 §4: extension needs valid multi-factor)', () => {
  it('keeps multi-factor 12 hours from the last active extension, then lets it lapse while the session lives on', async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    let server: TestServer = first;
    try {
      const { browser } = await fullyAuthenticated(first.url, 'idle@example.com', PASSWORD);
      const fresh = (await sessionOf(browser))!;
      // Verified just now: valid for the idle timeout, well inside the 180-day session.
      expect(fresh.multiFactorAuthExp! - fresh.multiFactorLast!).toBe(MFA_IDLE_MS);
      expect(fresh.sessionExpiresAt).toBeGreaterThan(fresh.multiFactorAuthExp!);
      await first.stop();

      // 11 hours later an active client extends: multi-factor runs 12 hours from then, not 180 days.
      server = await restartedWithOffset(dataDir, 11 * HOUR);
      const later = moved(browser, server.url);
      const before = Date.now() + 11 * HOUR;
      const extended = (await later.gql<{ extendSession: SessionData }>(EXTEND)).data!.extendSession;
      expect(extended.multiFactorLast).toBe(fresh.multiFactorLast);
      expect(extended.multiFactorAuthExp).toBeGreaterThanOrEqual(before + MFA_IDLE_MS);
      expect(extended.multiFactorAuthExp).toBeLessThan(extended.sessionExpiresAt);
      await server.stop();

      // Nobody touched the tablet for 12 more hours: multi-factor has lapsed (partial), the session has not,
      // and extending the session does not bring multi-factor back.
      server = await restartedWithOffset(dataDir, 23 * HOUR + 60_000);
      const idle = moved(browser, server.url);
      const session = (await sessionOf(idle))!;
      expect(session).not.toBeNull();
      expect(session.multiFactorAuthExp).toBe(extended.multiFactorAuthExp);
      expect(session.multiFactorAuthExp!).toBeLessThan(Date.now() + 23 * HOUR);
      const again = (await idle.gql<{ extendSession: SessionData }>(EXTEND)).data!.extendSession;
      expect(again.multiFactorAuthExp).toBe(extended.multiFactorAuthExp);
      expect((await idle.gql('mutation { updateUser(properties: { name: "Dr. Idle" }) { name } }')).code).toBe(
        'MFA_REQUIRED',
      );
    } finally {
      await server.stop();
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
