// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { DeliveryView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_APPS_API, type AppsApi } from './api.js';
import { AppsPage } from './AppsPages.js';
import { DeliveryPage } from './WebhookPages.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const DELIVERY: DeliveryView = {
  id: 'msg_1',
  webhookId: 'whk-1',
  event: 'resource.created',
  subject: 'Patient/pat-1',
  seq: 7,
  createdAt: Date.UTC(2026, 10, 29, 12),
  status: 'delivered',
  nextAttemptAt: null,
  payload: '{"type":"resource.created","data":{"id":"pat-1"}}',
  attempts: [
    {
      n: 1,
      at: Date.UTC(2026, 10, 29, 12),
      requestHeaders: '{}',
      responseStatus: 500,
      responseBody: 'boom',
      durationMs: 12,
    },
    {
      n: 2,
      at: Date.UTC(2026, 10, 29, 12, 0, 5),
      requestHeaders: '{}',
      responseStatus: 200,
      responseBody: 'ok',
      durationMs: 9,
    },
  ],
};

function renderAt(path: string, route: string, element: React.ReactNode): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the webhook-debug and apps screens (issue 42)', () => {
  it('shows a delivery’s attempts with their answers, and redelivers it', async () => {
    const redeliverWebhook = vi.fn(() =>
      Promise.resolve({ ...DELIVERY, status: 'pending' as const, nextAttemptAt: Date.UTC(2026, 10, 29, 13) }),
    );
    const api: AppsApi = { ...SERVER_APPS_API, fetchDelivery: () => Promise.resolve(DELIVERY), redeliverWebhook };
    renderAt(
      '/org/office/apps/installed/ins-1/webhooks/whk-1/deliveries/msg_1',
      '/org/:orgId/apps/installed/:appInstallationId/webhooks/:webhookId/deliveries/:webhookDeliveryId',
      <DeliveryPage api={api} />,
    );
    await settle();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('500');
    expect(rows[1]).toContain('boom');
    expect(rows[2]).toContain('200');
    expect(screen.getByText('Delivered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeliver' }));
    await settle();
    expect(redeliverWebhook).toHaveBeenCalledWith('office', 'msg_1');
    expect(screen.getByRole('status').textContent).toContain('same webhook-id');
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('lists installed and available apps, and says so when none is installed', async () => {
    const app = {
      id: 'app-1',
      name: 'EMR bridge',
      ownerOrgId: null,
      clientId: 'vci_1',
      scopes: ['system/Patient.read'],
      createdAt: 0,
      secretRotatedAt: 0,
      jwksUrl: null,
    };
    const api: AppsApi = { ...SERVER_APPS_API, fetchApps: () => Promise.resolve({ apps: [app], installed: [] }) };
    renderAt('/org/office/apps', '/org/:orgId/apps', <AppsPage api={api} />);
    await settle();
    expect(screen.getByText('No apps installed.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'EMR bridge' });
    expect(link.getAttribute('href')).toBe('/org/office/apps/app-1');
    expect(screen.getByText('Not installed')).toBeTruthy();
  });
});
