import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { AUTH_TEXTS, isSudoValid, sudoBannerColor, sudoRemainingMs } from '@vigil/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as api from '../../features/auth/api.js';
import { SudoConfirm } from '../../features/auth/SudoConfirm.js';
import { useSession } from './SessionProvider.js';

/** Rejection of a sudo the user cancelled (spec 000 §4, §8). */
export const ERROR_SUDO_CANCELLED = 'ERROR_SUDO_CANCELLED';

interface SudoState {
  /** Resolves once sudo is valid: at once when it already is, else after the sudo MFA modal; rejects with ERROR_SUDO_CANCELLED. */
  ensureSudo: () => Promise<void>;
}

const SudoContext = createContext<SudoState | null>(null);

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** The sudo MFA modal (spec 000 §2 modal `sudoMfa`, §4 sudo flow). */
function SudoMfaModal({ pending, onDone }: { pending: Pending; onDone: () => void }): ReactNode {
  const cancel = (): void => {
    pending.reject(new Error(ERROR_SUDO_CANCELLED));
    onDone();
  };
  return (
    <Modal opened onClose={cancel} title={AUTH_TEXTS.sudoTitle} centered>
      <SudoConfirm
        onConfirmed={() => {
          pending.resolve();
          onDone();
        }}
        onCancel={cancel}
      />
    </Modal>
  );
}

/** Provides `ensureSudo` and renders the sudo modal when one is pending. */
export function SudoProvider({ children }: { children: ReactNode }): ReactNode {
  const { session } = useSession();
  const [pending, setPending] = useState<Pending | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const ensureSudo = useCallback(
    (): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        const s = sessionRef.current;
        if (s && isSudoValid(s, Date.now())) resolve();
        else setPending({ resolve, reject });
      }),
    [],
  );
  const value = useMemo(() => ({ ensureSudo }), [ensureSudo]);
  return (
    <SudoContext.Provider value={value}>
      {children}
      {pending && <SudoMfaModal pending={pending} onDone={() => setPending(null)} />}
    </SudoContext.Provider>
  );
}

export function useSudo(): SudoState {
  const value = useContext(SudoContext);
  if (!value) throw new Error('useSudo needs a SudoProvider');
  return value;
}

/** m:ss */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export interface SudoBannerViewProps {
  remainingMs: number;
  onExtend: () => void;
  onExit: () => void;
}

/** The sudo banner (spec 000 §2, §4): a countdown, red at 1 minute or less, orange otherwise, with Extend and Exit Sudo. */
export function SudoBannerView({ remainingMs, onExtend, onExit }: SudoBannerViewProps): ReactNode {
  const color = sudoBannerColor(remainingMs);
  return (
    <Alert color={color} data-testid="sudo-banner" data-color={color} py={6}>
      <Group justify="space-between">
        <Text size="sm">Sudo mode: {formatCountdown(remainingMs)} left</Text>
        <Group gap="xs">
          <Button size="xs" variant="white" color={color} onClick={onExtend}>
            Extend
          </Button>
          <Button size="xs" variant="white" color={color} onClick={onExit}>
            Exit Sudo
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/**
 * Shown only to internal (Vigil) organisation members in sudo mode (spec 000 §6); ticks every
 * second. Extend asks for a new sudo code; Exit Sudo clears it on the server.
 */
export function SudoBanner(): ReactNode {
  const { session, adopt } = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const internal = (session?.orgs.vigil.length ?? 0) > 0;
  const active = !!session && internal && isSudoValid(session, now);

  useEffect(() => {
    if (!session?.sudoExpiresAt || !internal) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [session?.sudoExpiresAt, internal]);

  if (!active && !extending) return null;
  return (
    <>
      {active && (
        <SudoBannerView
          remainingMs={sudoRemainingMs(session, now)}
          onExtend={() => setExtending(true)}
          onExit={() => void api.extendSession(true).then((s) => adopt({ session: s }))}
        />
      )}
      {extending && (
        <SudoMfaModal
          pending={{ resolve: () => undefined, reject: () => undefined }}
          onDone={() => setExtending(false)}
        />
      )}
    </>
  );
}
