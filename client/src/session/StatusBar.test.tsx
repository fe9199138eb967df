// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../ui/theme.js';
import * as session from './SessionProvider.js';
import { StatusBar, VERIFY_EMAIL_ACTION, VERIFY_EMAIL_PROMPT } from './StatusBar.js';

vi.mock('./SessionProvider.js', async (original) => ({
  ...(await original<typeof session>()),
  useSession: vi.fn(),
}));

function showAs(user: { email: string; emailVerified: boolean } | null): void {
  vi.mocked(session.useSession).mockReturnValue({ user } as unknown as session.SessionState);
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/org/office/cases?day=2027-01-05']}>
        <StatusBar />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('the status bar (spec 000 §2)', () => {
  it('prompts an unverified user to verify, through /verify-email and back to the page they were on', () => {
    showAs({ email: 'ada@office.test', emailVerified: false });
    expect(screen.getByRole('status').textContent).toContain(VERIFY_EMAIL_PROMPT);
    expect(screen.getByRole('status').textContent).toContain('ada@office.test');
    expect(screen.getByRole('link', { name: VERIFY_EMAIL_ACTION }).getAttribute('href')).toBe(
      `/verify-email?returnUrl=${encodeURIComponent('/org/office/cases?day=2027-01-05')}`,
    );
  });

  it.each([
    ['a verified user', { email: 'ada@office.test', emailVerified: true }],
    ['no user', null],
  ])('shows nothing for %s', (_name, user) => {
    showAs(user);
    expect(screen.queryByTestId('status-bar')).toBeNull();
  });
});
