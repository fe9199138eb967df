/**
 * The unit project's setup (vitest.config.ts): in a file with a DOM (happy-dom or jsdom), testing-library's
 * waits (`findBy…`, `waitFor`) give up after 5 s instead of 1 s. On a loaded 2-core machine a Mantine dialog
 * can take more than a second to render its answer (session 32: CameraScan and CheckoutPage failed so under
 * load); a wait that succeeds still returns as soon as it does, so only a test that is failing anyway is slower.
 * Node-only files skip the import.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
