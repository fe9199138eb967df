import './app/mantine.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App.js';
import { ServerInfoProvider } from './app/ServerInfo.js';
import { theme } from './app/theme.js';
import { caseOfPath } from './sync/casePath.js';

// The service worker precaches the app shell so an installed app starts with no network.
registerSW({ immediate: true });

// Started on a case screen, the case is read from this device while the app's code loads. If
// that code cannot load now, the case screen opens its case itself when it mounts.
const startCase = caseOfPath(window.location.pathname);
if (startCase) {
  import('./sync/useCaseDocument.js')
    .then((m) => m.openCaseEarly(startCase.orgId, startCase.docId))
    .catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <ServerInfoProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ServerInfoProvider>
    </MantineProvider>
  </StrictMode>,
);
