// Linted as client/src/session/…: the session importing a feature.
import { SignInPage } from '../features/auth/SignInPage.js';

export const page = SignInPage;
