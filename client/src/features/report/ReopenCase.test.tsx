// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_SUDO_CANCELLED } from '../../session/SudoProvider.js';
import { ReopenCaseButtonView } from './ReopenCase.js';

/** The server's answers to POST …/unfinalize, in order (the real api module's fetch, stubbed at the network). */
let answers: (Response | Error)[] = [];
const calls: string[] = [];

beforeEach(() => {
  answers = [];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      const next = answers.shift();
      if (!next) throw new Error('unexpected request');
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refused = (status: number, error: string): Response =>
  new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } });
const ok = (): Response => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

function show(ensureSudo: () => Promise<void>): { onReopened: ReturnType<typeof vi.fn> } {
  const onReopened = vi.fn();
  render(
    <MantineProvider>
      <ReopenCaseButtonView orgId="org-1" caseId="case-1" onReopened={onReopened} ensureSudo={ensureSudo} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Unfinalize' }));
  fireEvent.click(screen.getByRole('button', { name: 'Reopen case' }));
  return { onReopened };
}

const URL = 'POST /api/finalize/org-1/case-1/unfinalize';

describe('Unfinalize with sudo (spec 000 §3 adminUnfinalize, §6 sudo)', () => {
  it('asks for the sudo confirmation when the server answers SUDO_REQUIRED, then reopens the case', async () => {
    answers = [refused(403, 'SUDO_REQUIRED'), ok()];
    const ensureSudo = vi.fn(() => Promise.resolve());
    const { onReopened } = show(ensureSudo);
    await waitFor(() => expect(onReopened).toHaveBeenCalledTimes(1));
    expect(ensureSudo).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([URL, URL]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reopens at once, without asking, when sudo is still valid', async () => {
    answers = [ok()];
    const ensureSudo = vi.fn(() => Promise.resolve());
    const { onReopened } = show(ensureSudo);
    await waitFor(() => expect(onReopened).toHaveBeenCalledTimes(1));
    expect(ensureSudo).not.toHaveBeenCalled();
    expect(calls).toEqual([URL]);
  });

  it('keeps the case finalized, with no error, when the confirmation is cancelled', async () => {
    answers = [refused(403, 'SUDO_REQUIRED')];
    const ensureSudo = vi.fn(() => Promise.reject(new Error(ERROR_SUDO_CANCELLED)));
    const { onReopened } = show(ensureSudo);
    await waitFor(() => expect(ensureSudo).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen case' })).toBeTruthy());
    expect(onReopened).not.toHaveBeenCalled();
    expect(calls).toEqual([URL]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [refused(403, 'FEATURE_DISABLED'), 'Reopening finalized cases is turned off for this organization.'],
    [refused(403, 'NOT_AUTHORIZED'), 'Only an administrator of this organization can reopen a finalized case.'],
    [refused(409, 'NOT_FINALIZED'), 'This case is not finalized any more. Reload to see it as it is.'],
    [
      new TypeError('Failed to fetch'),
      'The server cannot be reached. Reopening needs a connection; try again when online.',
    ],
    [refused(500, 'INTERNAL'), 'The case could not be reopened. It is still finalized; try again.'],
  ])('says why and keeps the case finalized when the server refuses (%#)', async (answer, text) => {
    answers = [answer];
    const { onReopened } = show(() => Promise.resolve());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onReopened).not.toHaveBeenCalled();
    // The confirmation stays open so the administrator can try again.
    expect(screen.getByRole('button', { name: 'Reopen case' })).toBeTruthy();
  });

  it('reports the failure when the call after the confirmation is refused too', async () => {
    answers = [refused(403, 'SUDO_REQUIRED'), refused(403, 'SUDO_REQUIRED')];
    const { onReopened } = show(() => Promise.resolve());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Reopening a signed case needs you to confirm your identity. Try again and confirm.',
    );
    expect(calls).toEqual([URL, URL]);
    expect(onReopened).not.toHaveBeenCalled();
  });
});
