import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { graphql } from '../data/graphql.js';
import { clockDrift, isClockOk } from './clock.js';

export type ClockStatus = 'checking' | 'ok' | 'skewed' | 'unknown';

export interface ServerInfo {
  clock: ClockStatus;
  /** Device clock minus server clock, ms; null until measured. */
  driftMs: number | null;
  /** The server's environment; remembered for offline starts. */
  environment: string | null;
  /**
   * The real payment provider's publishable key when the server uses it (the card entry then
   * loads the provider's script), null with the local provider or before the server answered.
   */
  stripePublishableKey: string | null;
}

const ENVIRONMENT_KEY = 'vigil.environment';

const ServerInfoContext = createContext<ServerInfo>({
  clock: 'unknown',
  driftMs: null,
  environment: null,
  stripePublishableKey: null,
});

function rememberedEnvironment(): string | null {
  try {
    return localStorage.getItem(ENVIRONMENT_KEY);
  } catch {
    return null;
  }
}

/**
 * Asks the server for its time, environment and payment provider's publishable key once at start. Offline, the clock stays
 * 'unknown' (nothing is hidden: charting must go on) and the last known environment is used.
 */
export function ServerInfoProvider({ children }: { children: ReactNode }): ReactNode {
  const [info, setInfo] = useState<ServerInfo>(() => ({
    clock: 'checking',
    driftMs: null,
    environment: rememberedEnvironment(),
    stripePublishableKey: null,
  }));

  useEffect(() => {
    let cancelled = false;
    const sentAt = Date.now();
    graphql<{ serverTime: number; environment: string; stripePublishableKey: string | null }>(
      'query ServerInfo { serverTime environment stripePublishableKey }',
    ).then(
      ({ serverTime, environment, stripePublishableKey }) => {
        if (cancelled) return;
        const driftMs = clockDrift({ sentAt, receivedAt: Date.now(), serverTime });
        try {
          localStorage.setItem(ENVIRONMENT_KEY, environment);
        } catch {
          /* private mode: the tag is shown while online only */
        }
        setInfo({ clock: isClockOk(driftMs) ? 'ok' : 'skewed', driftMs, environment, stripePublishableKey });
      },
      () => {
        if (!cancelled) setInfo((prev) => ({ ...prev, clock: 'unknown' }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return <ServerInfoContext.Provider value={info}>{children}</ServerInfoContext.Provider>;
}

export function useServerInfo(): ServerInfo {
  return useContext(ServerInfoContext);
}
