import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AuthActionPage } from '../features/auth/AuthActionPage.js';
import { SignInPage } from '../features/auth/SignInPage.js';
import { WelcomePage } from '../features/orgs/WelcomePage.js';
import { lazyWithRetry } from './lazyWithRetry.js';
import { NotFound } from './NotFound.js';
import { NotAvailableYet } from './Page.js';
import { PublicLayout } from './PublicLayout.js';
import { SubAppBoundary } from './SubAppBoundary.js';

// Sub-apps load on demand by route prefix (spec 000 §2), with the retry rule of spec 000 §8.
const OrgApp = lazyWithRetry(() => import('../features/org/OrgApp.js'));
const ParentApp = lazyWithRetry(() => import('../features/parent/ParentApp.js'));
const TeamApp = lazyWithRetry(() => import('../features/team/TeamApp.js'));
const ResellerApp = lazyWithRetry(() => import('../features/reseller/ResellerApp.js'));

/** Public and authentication pages not built yet: their title and an honest notice (spec 000 §2). */
const PUBLIC_PAGES: readonly { path: string; title: string }[] = [
  { path: 'signup', title: 'Sign Up' },
  { path: 'forgot-password', title: 'Forgot Password' },
  { path: 'password-reset', title: 'Reset Password' },
  { path: 'change-password', title: 'Change Password' },
  { path: 'profile', title: 'Your Profile' },
  { path: 'password', title: 'Your Profile' },
  { path: 'mfa', title: 'Verify Account' },
  { path: 'sudo', title: 'Confirm your identity' },
  { path: 'verify-email-code', title: 'Verify Email' },
  { path: 'verify-email', title: 'Verify Email' },
  { path: 'create-org', title: "Let's set up your new organization!" },
  { path: 'create-org-alt', title: "Let's set up your new organization!" },
  { path: 'invitation', title: 'Invitation' },
  { path: 'demo', title: 'Demo' },
];

function SubApp({ children }: { children: ReactNode }): ReactNode {
  return (
    <SubAppBoundary>
      <Suspense
        fallback={
          <Center h="100dvh">
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        {children}
      </Suspense>
    </SubAppBoundary>
  );
}

/** The route table of spec 000 §2. */
export function App(): ReactNode {
  return (
    <Routes>
      <Route path="/org/:orgId/*" element={<SubApp children={<OrgApp />} />} />
      <Route path="/parent/:parentOrgId/*" element={<SubApp children={<ParentApp />} />} />
      <Route path="/vigil-team/*" element={<SubApp children={<TeamApp />} />} />
      <Route path="/reseller/:resellerId/*" element={<SubApp children={<ResellerApp />} />} />
      <Route element={<PublicLayout />}>
        <Route index element={<WelcomePage />} />
        <Route path="signin" element={<SignInPage />} />
        <Route path="auth/action" element={<AuthActionPage />} />
        {PUBLIC_PAGES.map((p) => (
          <Route key={p.path} path={p.path} element={<NotAvailableYet title={p.title} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
