import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { AUTH_TEXTS, isSudoValid, sudoBannerColor, sudoRemainingMs } from '@vigil/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as api from './api.js';
import { SudoConfirm } from './SudoConfirm.js';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MODALS, hashModalHref, parseHashModal } from './hashModal.js';
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
function SudoMfaModal({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }): ReactNode {
  return (
    <Modal opened onClose={onCancel} title={AUTH_TEXTS.sudoTitle} centered>
      <SudoConfirm onConfirmed={onConfirmed} onCancel={onCancel} />
    </Modal>
  );
}

/**
 * Provides `ensureSudo` and shows the sudo modal while the URL hash names it (`#sudoMfa`, spec
 * 000 §2: modals open through the hash); the shell renders the account area's other hash modals
 * (features/profile's AccountHashModals) among its children. Closing the
 * modal (cancel, Escape, or Back) rejects a pending ensureSudo with ERROR_SUDO_CANCELLED.
 */
export function SudoProvider({ children }: { children: ReactNode }): ReactNode {
  const { session } = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const open = parseHashModal(hash)?.name === ACCOUNT_MODALS.sudoMfa;
  const pending = useRef<Pending | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const here = useRef('');
  here.current = `${pathname}${search}`;

  const ensureSudo = useCallback(
    (): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        const s = sessionRef.current;
        if (s && isSudoValid(s, Date.now())) return resolve();
        pending.current?.reject(new Error(ERROR_SUDO_CANCELLED));
        pending.current = { resolve, reject };
        void navigate(`${here.current}${hashModalHref(ACCOUNT_MODALS.sudoMfa)}`);
      }),
    [navigate],
  );

  const close = (confirmed: boolean): void => {
    const p = pending.current;
    pending.current = null;
    void navigate(here.current, { replace: true });
    if (confirmed) p?.resolve();
    else p?.reject(new Error(ERROR_SUDO_CANCELLED));
  };

  // The hash went away some other way (Back): a pending confirmation is cancelled.
  useEffect(() => {
    if (!open && pending.current) {
      pending.current.reject(new Error(ERROR_SUDO_CANCELLED));
      pending.current = null;
    }
  }, [open]);

  const value = useMemo(() => ({ ensureSudo }), [ensureSudo]);
  return (
    <SudoContext.Provider value={value}>
      {children}
      {open && session && <SudoMfaModal onConfirmed={() => close(true)} onCancel={() => close(false)} />}
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

/**
 * The sudo banner (spec 000 §2, §4): a countdown, red at 1 minute or less, orange otherwise, with
 * Extend and Exit Sudo, fixed to the bottom of the window. The buttons are dark text on white
 * whatever the banner's colour: orange or red text on white fails the WCAG AA contrast ratio (4.5:1).
 */
export function SudoBannerView({ remainingMs, onExtend, onExit }: SudoBannerViewProps): ReactNode {
  const color = sudoBannerColor(remainingMs);
  return (
    <Alert
      color={color}
      bg={`${color}.1`}
      data-testid="sudo-banner"
      data-color={color}
      py={6}
      radius={0}
      role="status"
      // Fixed to the bottom of the window above the application shell: in the page's flow it sat
      // under the shell's fixed header, out of sight.
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 150,
        borderTop: `2px solid var(--mantine-color-${color}-7)`,
      }}
    >
      <Group justify="space-between">
        <Text size="sm">Sudo mode: {formatCountdown(remainingMs)} left</Text>
        <Group gap="xs">
          <Button size="xs" variant="white" color="dark" onClick={onExtend}>
            Extend
          </Button>
          <Button size="xs" variant="white" color="dark" onClick={onExit}>
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
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const internal = (session?.orgs.vigil.length ?? 0) > 0;
  const active = !!session && internal && isSudoValid(session, now);

  useEffect(() => {
    if (!session?.sudoExpiresAt || !internal) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [session?.sudoExpiresAt, internal]);

  if (!active) return null;
  return (
    <SudoBannerView
      remainingMs={sudoRemainingMs(session, now)}
      onExtend={() => void navigate(`${pathname}${search}${hashModalHref(ACCOUNT_MODALS.sudoMfa)}`)}
      onExit={() => void api.extendSession(true).then((s) => adopt({ session: s }))}
    />
  );
}
