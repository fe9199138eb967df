/**
 * @mantine/hooks with one hook changed, for the client build only (vite.config.ts aliases
 * `@mantine/hooks` here, so Mantine's own components use it too). Everything else is Mantine's.
 *
 * Mantine's `useId` starts from React's id and then, in a layout effect, replaces it with a
 * random one: every component that uses it (each input, label, menu, switch) renders a second
 * time, synchronously, right after it mounts. Opening a case mounts dozens of them, and that
 * second render took ~115 ms of a throttled tablet before the first paint (React Profiler,
 * issue 8 "Stays fast on a long case"). React's id is unique and stable on its own; this keeps
 * it (and a given static id, as Mantine's does).
 */
import { useId as useReactId } from 'react';

export * from '@mantine-hooks-original';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
