import './app/mantine.css';
// The theme's CSS variables and Mantine's global classes, made at build time (mantineThemeCss.ts).
import './app/mantine-theme.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { App, loadStartScreen } from './app/App.js';
import { ServerInfoProvider } from './app/ServerInfo.js';
import { settledOrAfter } from './app/startup.js';
import { theme } from './app/theme.js';
import { caseOfPath } from './sync/casePath.js';

// The service worker precaches the app shell so an installed app starts with no network.
registerSW({ immediate: true });

// Started on a case screen, the case is read from this device while the app's code loads. If
// that code cannot load now, the case screen opens its case itself when it mounts.
const startCase = caseOfPath(window.location.pathname);
const startCaseRead = startCase
  ? import('./sync/useCaseDocument.js')
      .then((m) => m.openCaseEarly(startCase.orgId, startCase.docId))
      .catch(() => undefined)
  : Promise.resolve();

/**
 * How long the first render waits for the start screen's code and, on a case screen, for the
 * case's copy on this device. Usually both are in within a few hundred milliseconds; a device
 * whose storage does not answer still gets the app (the case screen then shows its own loader).
 */
const START_WAIT_MS = 3_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// index.html shows a loader until this first render: one render of the screen with its data,
// rather than a loader, then the screen without its case, then the case.
void settledOrAfter([loadStartScreen(window.location.pathname), startCaseRead], START_WAIT_MS).then(() =>
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
