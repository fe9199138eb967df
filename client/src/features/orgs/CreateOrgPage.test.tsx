// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../session/SessionProvider.js';
import { CreateOrgPage, newOnboardingFlowOn } from './CreateOrgPage.js';
import { installMatchMedia } from '../../ui/matchMedia.test-util.js';

beforeAll(() => {
  installMatchMedia();
  vi.stubGlobal('__APP_VERSION__', 'test');
});

let asked: string[] = [];
let answer = 'available';

beforeEach(() => {
  asked = [];
  answer = 'available';
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { variables: { orgId?: string } };
      asked.push(body.variables.orgId ?? '');
      return Promise.resolve(new Response(JSON.stringify({ data: { orgIdAvailability: answer } }), { status: 200 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  document.cookie = 'vigil-ref=; Max-Age=0; Path=/';
  vi.useRealTimers();
});

function renderPage(): void {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SessionProvider>
          <CreateOrgPage />
        </SessionProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

async function wait(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('create-org form (spec 000 §5)', () => {
  it('suggests the ID from the name and asks the server once, 500 ms after the last keystroke', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/Organization Name/), { target: { value: 'Bright Smiles Dental' } });
    expect(screen.getByLabelText(/Organization ID/)).toHaveProperty('value', 'b-s-d');
    expect(screen.getByText('Checking availability')).toBeTruthy();
    await wait(499);
    expect(asked).toEqual([]);
    await wait(1);
    expect(asked).toEqual(['b-s-d']);
    expect(screen.getByText('"b-s-d" is available.')).toBeTruthy();
  });

  it('normalises a typed ID live and shows the taken message', async () => {
    answer = 'unavailable';
    renderPage();
    fireEvent.change(screen.getByLabelText(/Organization ID/), { target: { value: 'My Org!' } });
    expect(screen.getByLabelText(/Organization ID/)).toHaveProperty('value', 'myorg');
    await wait(500);
    expect(screen.getByText('Organization ID "myorg" is already taken. Please try something else.')).toBeTruthy();
  });

  it('calls an ID the rules refuse invalid without asking the server', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/Organization ID/), { target: { value: '-x' } });
    await wait(600);
    expect(asked).toEqual([]);
    expect(screen.getByText('Invalid organization ID')).toBeTruthy();
  });

  it('keeps Create disabled until the referral follow-up is answered', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/Organization Name/), { target: { value: 'Bright Smiles Dental' } });
    await wait(500);
    const create = screen.getByRole('button', { name: 'Create Organization' });
    expect(create).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Other'));
    expect(create).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Please tell us how you heard about us/), { target: { value: 'A friend' } });
    expect(create).toHaveProperty('disabled', false);
  });

  it('hides the referral question when a referral cookie is stored, and sends it as referralType Cookie', async () => {
    document.cookie = 'vigil-ref=dr-jones; Path=/';
    renderPage();
    expect(screen.queryByText('How did you hear about Vigil?')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Organization Name/), { target: { value: 'Bright Smiles Dental' } });
    await wait(500);
    const create = screen.getByRole('button', { name: 'Create Organization' });
    expect(create).toHaveProperty('disabled', false);
    fireEvent.click(create);
    await wait(0);
    const sent = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.at(-1)![1];
    expect(JSON.parse(sent.body as string)).toMatchObject({
      variables: { orgId: 'b-s-d', orgName: 'Bright Smiles Dental', referralType: 'Cookie', referredBy: 'dr-jones' },
    });
  });
});

describe('the organisation form’s fields (spec 001 §2 Organization model; issue 25)', () => {
  it('asks for the Organization Type and the Organization Billing Email, used for sending receipts', async () => {
    document.cookie = 'vigil-ref=dr-jones; Path=/';
    renderPage();
    const email = screen.getByLabelText(/Organization Billing Email/);
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByText('Used for sending receipts.')).toBeTruthy();
    expect(screen.queryByText('Organization Email')).toBeNull();
    const type = screen.getByLabelText<HTMLSelectElement>(/Organization Type/);
    expect([...type.options].map((o) => o.value)).toEqual(['regular', 'parent']);
    fireEvent.change(type, { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText(/Organization Name/), { target: { value: 'Harbour Group' } });
    await wait(500);
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
    await wait(0);
    const sent = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.at(-1)![1];
    expect(JSON.parse(sent.body as string)).toMatchObject({
      variables: { orgType: 'parent', orgName: 'Harbour Group' },
    });
  });
});

describe('/create-org-alt (spec 000 §2, §9 new onboarding flow toggle)', () => {
  it.each([
    ['development', true],
    ['test', true],
    ['production', false],
    [null, false],
  ] as const)('is present in %s: %s', (environment, on) => {
    expect(newOnboardingFlowOn(environment)).toBe(on);
  });
});
