import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { App, loadStartScreen } from './app/App.js';
import { installLogBeacons } from './data/logBeacons.js';
import { ServerInfoProvider } from './session/ServerInfo.js';
import { settledOrAfter } from './app/startup.js';
import { theme } from './ui/theme.js';

// The service worker precaches the app shell so an installed app starts with no network.
registerSW({ immediate: true });
// The page's uncaught errors go to the server as log beacons (spec 000 §7), without their text.
installLogBeacons();

/**
 * How long the first render waits for the start screen's code and, on a case screen, for the
 * case's copy on this device. Usually both are in within a few hundred milliseconds; a device
 * whose storage does not answer still gets the app (the case screen then shows its own loader).
 */
const START_WAIT_MS = 3_000;

/**
 * Renders the app into `root` once the start screen's code and what `loads` (main.tsx) are in,
 * or after START_WAIT_MS. index.html shows a loader until this first render: one render of the
 * screen with its data, rather than a loader, then the screen without its case, then the case.
 */
export function startApp(root: HTMLElement, loads: readonly Promise<unknown>[]): void {
  void settledOrAfter([loadStartScreen(window.location.pathname), ...loads], START_WAIT_MS).then(() =>
    createRoot(root).render(
      <StrictMode>
        <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
          <ServerInfoProvider>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </ServerInfoProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
