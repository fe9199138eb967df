// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeForm } from './CodeForm.js';
import { RequestError } from '../data/graphql.js';
import { formatCountdown, SudoBannerView } from './SudoProvider.js';
import { installMatchMedia } from '../ui/matchMedia.test-util.js';

beforeAll(installMatchMedia);
afterEach(cleanup);

describe('sudo banner (spec 000 §4)', () => {
  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('is orange above 1 minute and red at 1 minute or less, with Extend and Exit Sudo', () => {
    const onExit = vi.fn();
    const { rerender } = render(
      <MantineProvider>
        <SudoBannerView remainingMs={61_000} onExtend={() => undefined} onExit={onExit} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('sudo-banner').dataset.color).toBe('orange');
    expect(screen.getByText('Sudo mode: 1:01 left')).toBeTruthy();
    rerender(
      <MantineProvider>
        <SudoBannerView remainingMs={60_000} onExtend={() => undefined} onExit={onExit} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('sudo-banner').dataset.color).toBe('red');
    fireEvent.click(screen.getByRole('button', { name: 'Exit Sudo' }));
    expect(onExit).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Extend' })).toBeTruthy();
  });
});

describe('code entry (spec 000 §5)', () => {
  it('keeps digits only and submits by itself at 6 digits', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <MantineProvider>
        <CodeForm onSubmit={onSubmit} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Verification code');
    fireEvent.change(input, { target: { value: '12a34' } });
    expect((input as HTMLInputElement).value).toBe('1234');
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(input, { target: { value: '123456' } });
      await Promise.resolve();
    });
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it("shows 'Code did not match, please try again.' when the server says the code is wrong", async () => {
    render(
      <MantineProvider>
        <CodeForm onSubmit={() => Promise.reject(new RequestError('CODE_MISMATCH'))} />
      </MantineProvider>,
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
      await Promise.resolve();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Code did not match, please try again.');
    expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe('');
  });
});
