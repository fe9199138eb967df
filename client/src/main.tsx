import './ui/mantine.css';
// The theme's CSS variables and Mantine's global classes, made at build time (mantineThemeCss.ts).
import './ui/mantine-theme.css';
import { importWithRetry } from './app/importWithRetry.js';
import { loadAppChrome, loadOrgApp, startsInOrgApp } from './app/startScreen.js';
import { showStartFailure } from './app/startFailure.js';
import { caseOfPath } from './sync/casePath.js';

// The app's entry is small on purpose. Chromium compiled the modules index.html loads on the
// main thread as the page started (~150 ms of a cold start at 4x CPU throttle for the app's
// code, though parsed in the background), and code loaded with import() in a few
// milliseconds. So the entry starts three loads side by side and the app renders once they
// are in (startApp.tsx): the app itself, the code of the screen it starts on and, on a case
// screen, the case's copy on this device.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const { pathname } = window.location;

// The start screen's code and the chrome it renders in; App.tsx's preload of them (with its
// retries) then finds them loaded.
const startScreen = startsInOrgApp(pathname)
  ? Promise.all([loadOrgApp(), loadAppChrome()]).catch(() => undefined)
  : Promise.resolve();

// Started on a case screen, the case is read from this device while the app's code loads. If
// that code cannot load now, the case screen opens its case itself when it mounts.
const startCase = caseOfPath(pathname);
const startCaseRead = startCase
  ? import('./sync/useCaseDocument.js')
      .then((m) => m.openCaseEarly(startCase.orgId, startCase.docId))
      .catch(() => undefined)
  : Promise.resolve();

importWithRetry(() => import('./startApp.js')).then(
  (m) => m.startApp(root, [startScreen, startCaseRead]),
  (error: unknown) => showStartFailure(root, error),
);
