import { useCallback, useState } from 'react';
import { errorCode } from '../../data/graphql.js';
import { ERROR_SUDO_CANCELLED, useSudo } from '../../session/SudoProvider.js';

/** A call the server answers only after a fresh sudo confirmation, as the screen runs it. */
export interface SudoCall<T, A> {
  data: T | null;
  error: string | null;
  busy: boolean;
  /** Runs the call; on SUDO_REQUIRED asks for the confirmation (spec 000 §6) and runs it again. */
  run: (arg: A) => Promise<void>;
}

/** Runs `call` on demand, through the sudo confirmation when the server asks for it; cancelling it is no error. */
export function useSudoCall<T, A = void>(call: (arg: A) => Promise<T>): SudoCall<T, A> {
  const { ensureSudo } = useSudo();
  const [state, setState] = useState<{ data: T | null; error: string | null; busy: boolean }>({
    data: null,
    error: null,
    busy: false,
  });
  const run = useCallback(
    async (arg: A): Promise<void> => {
      setState((s) => ({ ...s, busy: true, error: null }));
      try {
        let data: T;
        try {
          data = await call(arg);
        } catch (err) {
          if (errorCode(err) !== 'SUDO_REQUIRED') throw err;
          await ensureSudo();
          data = await call(arg);
        }
        setState({ data, error: null, busy: false });
      } catch (err) {
        const cancelled = err instanceof Error && err.message === ERROR_SUDO_CANCELLED;
        setState((s) => ({ ...s, busy: false, error: cancelled ? null : errorCode(err) }));
      }
    },
    [call, ensureSudo],
  );
  return { ...state, run };
}
