import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../sync-server/src/config.js';
import { SERVER_BUNDLE_ENV } from './start-server.js';

/**
 * Where the tests' server bundle is written: two folders under the checkout, as `sync-server/src`
 * is, so the server finds the checkout (its package.json, client/dist) the same way from either.
 */
export const SERVER_BUNDLE_DIR = path.join(REPO_ROOT, 'sync-server', 'dist');

/**
 * Bundles the server's TypeScript once (esbuild, packages from node_modules left as imports) so
 * each test server starts from one JavaScript file rather than running every module through tsx:
 * on a 2-core machine a start took ~6.7 s of CPU through tsx (and its esbuild service beside it)
 * against ~3.0 s bundled (session 33), and a CI run starts ~250 servers. The case-check worker and
 * the database console's child are entries of their own beside main.js, where the server looks
 * for them once it no longer runs from `.ts`. Files are written under a temporary name and renamed,
 * so a server starting from an earlier bundle never reads half a file.
 */
export async function buildServerBundle(): Promise<string> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: {
      main: 'sync-server/src/main.ts',
      'case-check-worker': 'sync-server/src/sync/case-check-worker.ts',
      'console-child': 'sync-server/src/store/oversight/console-child.ts',
    },
    outdir: SERVER_BUNDLE_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        // The workspace's own packages (@vigil/…) are TypeScript and go in; every other package stays an import.
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@vigil/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  writeFileSync(path.join(SERVER_BUNDLE_DIR, 'package.json'), '{ "type": "module" }\n');
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${randomUUID()}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return path.join(SERVER_BUNDLE_DIR, 'main.js');
}

/** A global setup (vitest's integration project, Playwright): bundles the server for the run's test servers. */
export default async function setup(): Promise<void> {
  process.env[SERVER_BUNDLE_ENV] = await buildServerBundle();
}
