import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHint } from './scripts/compile-hint.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The client build: the PWA in client/, built to client/dist, served by the sync server. */
export default defineConfig(({ command }) => ({
  root: 'client',
  publicDir: 'public',
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    // lib0's decoding with a faster read of short strings (client/src/sync/lib0Decoding.ts):
    // Yjs, y-protocols and the client all import it by this name.
    alias: [
      // Mantine's hooks with React's stable ids (client/src/ui/mantineHooks.ts).
      {
        find: /^@mantine\/hooks$/,
        replacement: fileURLToPath(new URL('./client/src/ui/mantineHooks.ts', import.meta.url)),
      },
      {
        find: /^@mantine-hooks-original$/,
        replacement: fileURLToPath(new URL('./node_modules/@mantine/hooks/esm/index.mjs', import.meta.url)),
      },
      {
        find: /^lib0\/decoding$/,
        replacement: fileURLToPath(new URL('./client/src/sync/lib0Decoding.ts', import.meta.url)),
      },
      // React Router 7's package exports only its development build (remix-run/react-router
      // #12532, #14102): route matching with its development checks and warnings on every
      // render. The production build it ships beside it is what the app runs.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: { output: { postBanner: compileHint } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Vigil',
        short_name: 'Vigil',
        description: 'Sedation and anesthesia charting that keeps working offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Without these the new worker never controls the page and offline reloads fail (TOOLCHAIN.md).
        clientsClaim: true,
        skipWaiting: true,
        // Every route chunk is precached, so every sub-app opens with no network; so is the barcode
        // reader's WebAssembly (zxing_reader.wasm, 0.95 MB, under workbox's 2 MiB per-file limit),
        // so the camera scans on an operatory tablet that has never been online with it open.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        navigateFallback: '/index.html',
        // The server's own paths are never answered by the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
}));
