// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { EmrConnectionView, EmrWriteBackView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import { EmrConnectionSection, type EmrApi } from './EmrConnectionSection.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const CONNECTION: EmrConnectionView = {
  iss: 'https://emr.example/fhir',
  clientId: 'vigil-at-emr',
  hasClientSecret: true,
  redirectPath: '/api/smart/callback',
  launchPath: '/launch',
  updatedAt: Date.UTC(2026, 10, 29, 12),
};

const WRITE_BACK: EmrWriteBackView = {
  id: 'wb-1',
  compositionId: 'case-1',
  event: 'case.finalized',
  status: 'pending',
  attempts: 1,
  nextAttemptAt: Date.UTC(2026, 10, 29, 12, 0, 10),
  lastError: 'The EMR answered HTTP 500: boom',
  written: [],
  createdAt: Date.UTC(2026, 10, 29, 12),
  updatedAt: Date.UTC(2026, 10, 29, 12),
};

function api(over: Partial<EmrApi> = {}): EmrApi {
  return {
    fetchEmrConnection: vi.fn(() => Promise.resolve({ connection: CONNECTION, writeBacks: [WRITE_BACK] })),
    setEmrConnection: vi.fn(() => Promise.resolve(CONNECTION)),
    removeEmrConnection: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

const renderSection = (calls: EmrApi): void => {
  render(
    <MantineProvider>
      <EmrConnectionSection orgId="office" api={calls} />
    </MantineProvider>,
  );
};

describe('the EMR connection on the integrations screen (issue 42)', () => {
  it('shows the connection and each write-back with its status, attempts and last error', async () => {
    renderSection(api());
    await settle();
    expect(screen.getByText('https://emr.example/fhir')).toBeTruthy();
    expect(screen.getByLabelText('EMR FHIR address (SMART iss)')).toHaveProperty('value', 'https://emr.example/fhir');
    expect(screen.getByLabelText('Client id')).toHaveProperty('value', 'vigil-at-emr');
    expect(screen.getByText('Trying again')).toBeTruthy();
    expect(screen.getByText('The EMR answered HTTP 500: boom')).toBeTruthy();
    expect(screen.getByText('Case finalized')).toBeTruthy();
  });

  it('saves the address, client id and secret, and reads the list again', async () => {
    const calls = api({
      fetchEmrConnection: vi.fn(() => Promise.resolve({ connection: null, writeBacks: [] })),
    });
    renderSection(calls);
    await settle();
    expect(screen.getByText('No EMR connected.')).toBeTruthy();
    expect(screen.getByText('Nothing written back yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('EMR FHIR address (SMART iss)'), {
      target: { value: ' https://emr.example/fhir ' },
    });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'vigil-at-emr' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save EMR connection' }));
    await settle();
    expect(calls.setEmrConnection).toHaveBeenCalledWith('office', {
      iss: 'https://emr.example/fhir',
      clientId: 'vigil-at-emr',
      clientSecret: 's3cret',
    });
    expect(calls.fetchEmrConnection).toHaveBeenCalledTimes(2);
  });

  it('says why the server refused: another office has this EMR', async () => {
    const calls = api({ setEmrConnection: vi.fn(() => Promise.reject(new RequestError('CONFLICT', 200))) });
    renderSection(calls);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Save EMR connection' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Another office is connected to this EMR address.');
  });

  it('removes the connection', async () => {
    const calls = api();
    renderSection(calls);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Remove EMR connection' }));
    await settle();
    expect(calls.removeEmrConnection).toHaveBeenCalledWith('office');
  });
});
