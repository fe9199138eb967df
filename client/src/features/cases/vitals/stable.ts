import { useRef } from 'react';

/**
 * The previous value while the new one is equal in content (JSON), so memoised work over it
 * (the vitals chart) is not redone when an unrelated part of the case changes and a list hook
 * hands back a fresh copy. For small lists only: it serialises the value on every render.
 */
export function useStableValue<T>(value: T): T {
  const ref = useRef<{ key: string; value: T } | null>(null);
  const key = JSON.stringify(value);
  if (ref.current?.key !== key) ref.current = { key, value };
  return ref.current.value;
}
