// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { AUTH_TEXTS } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../session/api.js';
import * as session from '../../session/SessionProvider.js';
import { EMR_EMAIL_TEXTS, VerifyEmrEmail } from './VerifyEmrEmail.js';

vi.mock('../../session/SessionProvider.js', async (original) => ({
  ...(await original<typeof session>()),
  useSession: vi.fn(),
}));

const USER: User = {
  id: 'u-1',
  name: 'Ada Okafor',
  email: 'ada@home.test',
  emailVerified: true,
  emrEmail: 'ada@clinic.test',
  hasPw: false,
  sms: null,
  mfa: [],
};

/** The server's answers, by GraphQL operation: data, or an error code (a GraphQL error's message). */
type Answer = { data: unknown } | { error: string };
let answers: Record<string, Answer[]>;
const sent: { operation: string; variables: Record<string, unknown> }[] = [];

function answer(operation: string, ...replies: Answer[]): void {
  answers[operation] = [...(answers[operation] ?? []), ...replies];
}

beforeEach(() => {
  answers = {};
  sent.length = 0;
  vi.stubGlobal('__APP_VERSION__', 'test');
  // The network is the boundary: the real api.ts and graphql.ts turn these answers into results and errors.
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { query, variables } = JSON.parse(init.body as string) as {
        query: string;
        variables: Record<string, unknown>;
      };
      const operation = /mutation (\w+)/.exec(query)![1]!;
      sent.push({ operation, variables });
      const next = answers[operation]?.shift();
      if (!next) throw new Error(`no answer for ${operation}`);
      const body = 'error' in next ? { data: null, errors: [{ message: next.error }] } : { data: next.data };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

function show(user: User | null = USER): { onClose: () => void; onSudoRequired: () => void; adopt: () => void } {
  const calls = { onClose: vi.fn(), onSudoRequired: vi.fn(), adopt: vi.fn() };
  vi.mocked(session.useSession).mockReturnValue({ user, adopt: calls.adopt } as unknown as session.SessionState);
  render(
    <MantineProvider>
      <VerifyEmrEmail onClose={calls.onClose} onSudoRequired={calls.onSudoRequired} />
    </MantineProvider>,
  );
  return calls;
}

async function sendCode(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await settle();
}

async function enterCode(code: string): Promise<void> {
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } });
  await settle();
}

describe('the verifyEmrEmail modal (issue 42, spec 000 §2, §6)', () => {
  it('sends a code to the EMR email, and a right code makes it the sign-in email; Done closes', async () => {
    const calls = show();
    expect(screen.getByText(/Your EMR signs you in to Vigil as ada@clinic\.test/)).toBeTruthy();
    expect(screen.getByText('It will replace ada@home.test as your sign-in email.')).toBeTruthy();
    answer('SendEmrEmailVerification', { data: { sendEmrEmailVerification: true } });
    await sendCode();
    expect(screen.getByText('We sent a 6-digit code to ada@clinic.test.')).toBeTruthy();

    const verified = { ...USER, email: 'ada@clinic.test', emailVerified: true };
    answer('VerifyEmrEmailCode', { data: { verifyEmrEmailCode: verified } });
    await enterCode('123456');
    expect(sent.map((s) => s.operation)).toEqual(['SendEmrEmailVerification', 'VerifyEmrEmailCode']);
    expect(sent[1]!.variables).toEqual({ code: '123456' });
    // The session takes the updated user; the modal says so and offers a password (the account has none).
    expect(calls.adopt).toHaveBeenCalledWith({ user: verified });
    expect(screen.getByRole('status').textContent).toBe('You can now sign in to Vigil directly with ada@clinic.test.');
    expect(screen.getByRole('link', { name: 'Add a password' }).getAttribute('href')).toBe('#updatePassword');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(calls.onClose).toHaveBeenCalledOnce();
  });

  it('says a wrong code did not match and clears it; a new code can be sent and checked', async () => {
    const calls = show();
    answer('SendEmrEmailVerification', { data: { sendEmrEmailVerification: true } });
    await sendCode();
    answer('VerifyEmrEmailCode', { error: 'CODE_MISMATCH' });
    await enterCode('111111');
    expect(screen.getByRole('alert').textContent).toBe(AUTH_TEXTS.codeMismatch);
    expect(screen.getByLabelText('Verification code')).toHaveProperty('value', '');
    expect(calls.adopt).not.toHaveBeenCalled();

    answer('SendEmrEmailVerification', { data: { sendEmrEmailVerification: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await settle();
    answer('VerifyEmrEmailCode', { data: { verifyEmrEmailCode: { ...USER, email: 'ada@clinic.test' } } });
    await enterCode('222222');
    expect(calls.adopt).toHaveBeenCalledOnce();
    expect(sent.map((s) => s.operation)).toEqual([
      'SendEmrEmailVerification',
      'VerifyEmrEmailCode',
      'SendEmrEmailVerification',
      'VerifyEmrEmailCode',
    ]);
  });

  it.each([
    ['EMAIL_TAKEN', EMR_EMAIL_TEXTS.emailTaken],
    ['NOT_FOUND', EMR_EMAIL_TEXTS.noEmrEmail],
    ['TOO_MANY_REQUESTS', AUTH_TEXTS.tooManyRequests],
  ])('shows the text of a send refused with %s and stays open', async (code, text) => {
    const calls = show();
    answer('SendEmrEmailVerification', { error: code });
    await sendCode();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(calls.onClose).not.toHaveBeenCalled();
  });

  it.each([
    ['EMAIL_TAKEN', EMR_EMAIL_TEXTS.emailTaken],
    ['NOT_FOUND', EMR_EMAIL_TEXTS.noEmrEmail],
  ])('shows the text of a code check refused with %s, not an unknown error', async (code, text) => {
    const calls = show();
    answer('SendEmrEmailVerification', { data: { sendEmrEmailVerification: true } });
    await sendCode();
    answer('VerifyEmrEmailCode', { error: code });
    await enterCode('123456');
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(calls.adopt).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks the host to confirm identity again when the server wants sudo, without an error', async () => {
    const calls = show();
    answer('SendEmrEmailVerification', { error: 'SUDO_REQUIRED' });
    await sendCode();
    expect(calls.onSudoRequired).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has nothing to verify without an EMR email; Cancel and Close close', () => {
    const first = show({ ...USER, emrEmail: null });
    expect(screen.getByText(EMR_EMAIL_TEXTS.noEmrEmail)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(first.onClose).toHaveBeenCalledOnce();
    cleanup();
    const second = show();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
