/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** Vigil's own version, from the root package.json at build time. */
declare const __APP_VERSION__: string;
/** The year the bundle was built; the footer shows the current year at run time. */
declare const __BUILD_YEAR__: number;

/** The original @mantine/hooks, for client/src/ui/mantineHooks.ts (aliased in vite.config.ts). */
declare module '@mantine-hooks-original' {
  export * from '@mantine/hooks';
}
