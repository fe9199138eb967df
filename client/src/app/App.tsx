import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AuthActionPage } from '../features/auth/AuthActionPage.js';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { MfaPage } from '../features/auth/MfaPage.js';
import { PasswordResetPage } from '../features/auth/PasswordResetPage.js';
import { SignInPage } from '../features/auth/SignInPage.js';
import { SmartLaunchPage } from '../features/auth/SmartLaunchPage.js';
import { SignUpPage } from '../features/auth/SignUpPage.js';
import { SudoPage } from '../features/auth/SudoPage.js';
import { VerifyEmailCodePage, VerifyEmailPage } from '../features/auth/VerifyEmailPage.js';
import { AccountHashModals } from '../features/profile/AccountModals.js';
import { LegalAcceptanceGate, LegalDocumentPage } from '../features/legal/index.js';
import { ProfilePage } from '../features/profile/ProfilePage.js';
import { CreateOrgAltPage, CreateOrgPage } from '../features/orgs/CreateOrgPage.js';
import { InvitationPage } from '../features/orgs/InvitationPage.js';
import { WelcomePage } from '../features/orgs/WelcomePage.js';
import { lazyWithRetry } from './lazyWithRetry.js';
import { NotFound } from '../ui/NotFound.js';
import { NotAvailableYet } from '../ui/Page.js';
import { PublicLayout } from './PublicLayout.js';
import { HomeRedirect, RequireAuth, RequireVerifiedEmail } from '../session/guards.js';
import { SessionProvider } from '../session/SessionProvider.js';
import { SudoBanner, SudoProvider } from '../session/SudoProvider.js';
import { StartupEffects } from '../session/StartupEffects.js';
import { loadAppChrome, loadOrgApp, startsInOrgApp } from './startScreen.js';
import { SubAppBoundary } from './SubAppBoundary.js';
import { SubAppChrome, type SubAppChromeProps, type SubAppRoute } from '../ui/SubAppRoutes.js';

// The chrome the sub-apps render in (SubAppChrome), loaded beside whichever sub-app opens first.
const Chrome = lazyWithRetry<SubAppChromeProps>(() => loadAppChrome().then((m) => ({ default: m.AppChrome })));
const withChrome =
  <T,>(load: () => Promise<T>): (() => Promise<T>) =>
  () => {
    void Chrome.preload();
    return load();
  };

// Sub-apps load on demand by route prefix (spec 000 §2), with the retry rule of spec 000 §8.
const OrgApp = lazyWithRetry(withChrome(loadOrgApp));
const ParentApp = lazyWithRetry(withChrome(() => import('../features/parent/ParentApp.js')));
const TeamApp = lazyWithRetry(withChrome(() => import('../features/team/TeamApp.js')));
// The patient's phone page (issue 28): its own chunk, so patients load only what their form needs.
const PatientFormPage = lazyWithRetry<object>(() =>
  import('../features/patient-forms/PatientFormPage.js').then((m) => ({ default: m.PatientFormPage })),
);
const ResellerApp = lazyWithRetry(withChrome(() => import('../features/reseller/ResellerApp.js')));
// /demo (the monitor test page, issue 38): its own chunk, with the monitor parsers.
const DemoPage = lazyWithRetry<object>(() =>
  import('../features/monitors/index.js').then((m) => ({ default: m.DemoPage })),
);

/**
 * Loads the code of the screen the app starts on, when it is a sub-app's: startApp.tsx renders once
 * it is in, so the first frame is that screen (a tablet opening a case straight from its cache)
 * rather than a loader and then the screen. Resolves when the code is loaded or failed to load.
 */
export function loadStartScreen(pathname: string): Promise<void> {
  return startsInOrgApp(pathname)
    ? Promise.all([OrgApp.preload(), Chrome.preload()]).then(() => undefined)
    : Promise.resolve();
}

/**
 * The public and authentication routes of spec 000 §2, as data (the sub-apps' tables are beside
 * their apps): a route without an element is not built yet and shows its title with an honest
 * notice. The accessibility check of every built screen reads this table.
 */
export const PUBLIC_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Which org do you want to view?', element: <HomeRedirect children={<WelcomePage />} /> },
  { path: 'signin', title: 'Sign In', element: <SignInPage /> },
  { path: 'launch', title: 'Opening Vigil', element: <SmartLaunchPage /> },
  { path: 'signup', title: 'Sign Up', element: <SignUpPage /> },
  { path: 'forgot-password', title: 'Forgot Password', element: <ForgotPasswordPage /> },
  { path: 'password-reset', title: 'Password Reset', element: <PasswordResetPage /> },
  { path: 'auth/action', title: 'Auth Action', element: <AuthActionPage /> },
  { path: 'verify-email', title: 'Verify Email', element: <VerifyEmailPage /> },
  { path: 'verify-email-code', title: 'Verify Email Code', element: <VerifyEmailCodePage /> },
  { path: 'mfa', title: 'MFA', element: <MfaPage /> },
  { path: 'sudo', title: 'Sudo', element: <RequireAuth children={<SudoPage />} /> },
  { path: 'change-password', title: 'Change Password', element: <RequireAuth children={<ChangePasswordPage />} /> },
  { path: 'profile', title: 'Your Profile', element: <RequireAuth children={<ProfilePage />} /> },
  { path: 'password', title: 'Your Profile', element: <RequireAuth children={<ProfilePage />} /> },
  {
    path: 'create-org',
    title: 'Create Organization',
    element: <RequireAuth children={<RequireVerifiedEmail children={<CreateOrgPage />} />} />,
  },
  {
    path: 'create-org-alt',
    title: 'Create Organization',
    element: <RequireAuth children={<RequireVerifiedEmail children={<CreateOrgAltPage />} />} />,
  },
  { path: 'invitation', title: 'Invitation', element: <InvitationPage /> },
  { path: 'legal/terms', title: 'Terms of Service', element: <LegalDocumentPage name="terms" /> },
  { path: 'legal/privacy', title: 'Privacy Policy', element: <LegalDocumentPage name="privacy" /> },
  { path: 'demo', title: 'Demo', element: <SubApp children={<DemoPage />} /> },
  { path: 'patient-form/:token', title: 'Your Form', element: <SubApp children={<PatientFormPage />} /> },
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
    <SessionProvider>
      <SubAppChrome.Provider value={Chrome}>
        <SudoProvider>
          <StartupEffects />
          <SudoBanner />
          <Routes>
            <Route path="/org/:orgId/*" element={<SubApp children={<OrgApp />} />} />
            <Route path="/parent/:parentOrgId/*" element={<SubApp children={<ParentApp />} />} />
            <Route path="/vigil-team/*" element={<SubApp children={<TeamApp />} />} />
            <Route path="/reseller/:resellerId/*" element={<SubApp children={<ResellerApp />} />} />
            <Route element={<PublicLayout />}>
              {PUBLIC_ROUTES.map((r) => (
                <Route
                  key={r.path || 'index'}
                  {...(r.path === '' ? { index: true } : { path: r.path })}
                  element={r.element ?? <NotAvailableYet title={r.title} />}
                />
              ))}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
          <AccountHashModals />
          <LegalAcceptanceGate />
        </SudoProvider>
      </SubAppChrome.Provider>
    </SessionProvider>
  );
}
