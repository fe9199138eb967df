import type { ReactNode } from 'react';
import { SHELL_TEXTS } from '@vigil/shared';
import { Page } from '../../app/Page.js';

/** `/`: 'Which org do you want to view?' (spec 000 §2); the organisation list arrives with organisations. */
export function WelcomePage(): ReactNode {
  return <Page title={SHELL_TEXTS.welcomeTitle} />;
}
