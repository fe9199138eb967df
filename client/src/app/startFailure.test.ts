// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TEXTS } from '@vigil/shared';
import { showStartFailure } from './startFailure.js';

describe("the app's code failing to load as it starts (main.tsx)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it("replaces index.html's loader with spec 000 §8's failure text and logs the error", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.innerHTML = '<div class="boot-loader" role="status" aria-label="Loading"><span></span></div>';
    document.body.append(root);
    const error = new TypeError('Failed to fetch dynamically imported module');

    showStartFailure(root, error);

    expect(root.querySelector('[role="status"]')).toBeNull();
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(SHELL_TEXTS.subAppFailed);
    expect(log).toHaveBeenCalledWith(SHELL_TEXTS.subAppFailedLog, error);
  });
});
