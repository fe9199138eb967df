// No React here: the app's entry (main.tsx) starts this load before the app's own code is in.
import type * as OrgAppModule from '../features/org/OrgApp.js';
import type * as AppChromeModule from './AppChrome.js';

/** The org app's code: every screen under /org/ (spec 000 §2). */
export const loadOrgApp = (): Promise<typeof OrgAppModule> => import('../features/org/OrgApp.js');

/** The application chrome every sub-app renders in (its own chunk, loaded with the first sub-app). */
export const loadAppChrome = (): Promise<typeof AppChromeModule> => import('./AppChrome.js');

/** Whether the app starts on a screen of the org app. */
export const startsInOrgApp = (pathname: string): boolean => pathname.startsWith('/org/');
