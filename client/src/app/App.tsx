import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AuthActionPage } from '../features/auth/AuthActionPage.js';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { MfaPage } from '../features/auth/MfaPage.js';
import { PasswordResetPage } from '../features/auth/PasswordResetPage.js';
import { SignInPage } from '../features/auth/SignInPage.js';
import { SignUpPage } from '../features/auth/SignUpPage.js';
import { SudoPage } from '../features/auth/SudoPage.js';
import { VerifyEmailCodePage, VerifyEmailPage } from '../features/auth/VerifyEmailPage.js';
import { ProfilePage } from '../features/profile/ProfilePage.js';
import { CreateOrgAltPage, CreateOrgPage } from '../features/orgs/CreateOrgPage.js';
import { InvitationPage } from '../features/orgs/InvitationPage.js';
import { WelcomePage } from '../features/orgs/WelcomePage.js';
import { lazyWithRetry } from './lazyWithRetry.js';
import { NotFound } from './NotFound.js';
import { NotAvailableYet } from './Page.js';
import { PublicLayout } from './PublicLayout.js';
import { HomeRedirect, RequireAuth, RequireVerifiedEmail } from './session/guards.js';
import { SessionProvider } from './session/SessionProvider.js';
import { SudoBanner, SudoProvider } from './session/SudoProvider.js';
import { StartupEffects } from './session/StartupEffects.js';
import { loadOrgApp, startsInOrgApp } from './startScreen.js';
import { SubAppBoundary } from './SubAppBoundary.js';

// Sub-apps load on demand by route prefix (spec 000 §2), with the retry rule of spec 000 §8.
const OrgApp = lazyWithRetry(loadOrgApp);
const ParentApp = lazyWithRetry(() => import('../features/parent/ParentApp.js'));
const TeamApp = lazyWithRetry(() => import('../features/team/TeamApp.js'));
const ResellerApp = lazyWithRetry(() => import('../features/reseller/ResellerApp.js'));

/**
 * Loads the code of the screen the app starts on, when it is a sub-app's: startApp.tsx renders once
 * it is in, so the first frame is that screen (a tablet opening a case straight from its cache)
 * rather than a loader and then the screen. Resolves when the code is loaded or failed to load.
 */
export function loadStartScreen(pathname: string): Promise<void> {
  return startsInOrgApp(pathname) ? OrgApp.preload() : Promise.resolve();
}

/** Public and authentication pages not built yet: their title and an honest notice (spec 000 §2). */
const PUBLIC_PAGES: readonly { path: string; title: string }[] = [{ path: 'demo', title: 'Demo' }];

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
      <SudoProvider>
        <StartupEffects />
        <SudoBanner />
        <Routes>
          <Route path="/org/:orgId/*" element={<SubApp children={<OrgApp />} />} />
          <Route path="/parent/:parentOrgId/*" element={<SubApp children={<ParentApp />} />} />
          <Route path="/vigil-team/*" element={<SubApp children={<TeamApp />} />} />
          <Route path="/reseller/:resellerId/*" element={<SubApp children={<ResellerApp />} />} />
          <Route element={<PublicLayout />}>
            <Route index element={<HomeRedirect children={<WelcomePage />} />} />
            <Route path="signin" element={<SignInPage />} />
            <Route path="signup" element={<SignUpPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="password-reset" element={<PasswordResetPage />} />
            <Route path="auth/action" element={<AuthActionPage />} />
            <Route path="verify-email" element={<VerifyEmailPage />} />
            <Route path="verify-email-code" element={<VerifyEmailCodePage />} />
            <Route path="mfa" element={<MfaPage />} />
            <Route path="sudo" element={<RequireAuth children={<SudoPage />} />} />
            <Route path="change-password" element={<RequireAuth children={<ChangePasswordPage />} />} />
            <Route path="profile" element={<RequireAuth children={<ProfilePage />} />} />
            <Route path="password" element={<RequireAuth children={<ProfilePage />} />} />
            <Route
              path="create-org"
              element={<RequireAuth children={<RequireVerifiedEmail children={<CreateOrgPage />} />} />}
            />
            <Route
              path="create-org-alt"
              element={<RequireAuth children={<RequireVerifiedEmail children={<CreateOrgAltPage />} />} />}
            />
            <Route path="invitation" element={<InvitationPage />} />
            {PUBLIC_PAGES.map((p) => (
              <Route key={p.path} path={p.path} element={<NotAvailableYet title={p.title} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </SudoProvider>
    </SessionProvider>
  );
}
