import { SHELL_TEXTS } from '@vigil/shared';

/**
 * The app's own code could not load (main.tsx), where importWithRetry does not reload the page
 * (the app running locally): spec 000 §8's failure text in place of index.html's loader, and
 * the error in the console for the developer.
 */
export function showStartFailure(root: HTMLElement, error: unknown): void {
  console.error(SHELL_TEXTS.subAppFailedLog, error);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = SHELL_TEXTS.subAppFailed;
  root.replaceChildren(message);
}
