// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SHOP_TEXTS } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import { theme } from '../../ui/theme.js';
import * as api from './api.js';
import { CheckoutPage } from './CheckoutPage.js';

vi.mock('./api.js', async (original) => ({
  ...(await original<typeof api>()),
  fetchCart: vi.fn(),
  fetchShipTo: vi.fn(),
  fetchCardOnFile: vi.fn(),
  checkout: vi.fn(),
}));

const OXIMETER: api.Product = {
  id: 'prd-ox',
  name: 'Bedside pulse oximeter',
  description: '',
  sku: 'VG-OX-200',
  category: 'Monitors',
  price: 89_500,
  currency: 'usd',
  stock: 12,
  images: [],
  active: true,
  createdAt: 0,
  updatedAt: 0,
};

beforeEach(() => {
  vi.mocked(api.fetchCart).mockResolvedValue({
    lines: [{ product: OXIMETER, quantity: 1 }],
    subtotal: 89_500,
    shipping: 0,
    total: 89_500,
  });
  vi.mocked(api.fetchShipTo).mockResolvedValue({
    name: 'Harbour Dental',
    shippingAddress: {
      name: 'Harbour Dental',
      address: { line1: '1 Quay St', line2: null, city: 'Portland', state: 'ME', postal_code: '04101', country: 'US' },
    },
    billingAddress: null,
  });
  vi.mocked(api.fetchCardOnFile).mockResolvedValue({
    id: 'pm_1',
    brand: 'visa',
    last4: '4242',
    expMonth: 4,
    expYear: 2030,
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderCheckout(): void {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/org/harbour/shop/checkout']}>
        <Routes>
          <Route path="/org/:orgId/shop/checkout" element={<CheckoutPage />} />
          <Route path="/org/:orgId/shop/orders/:orderId" element={<p>order page</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('checkout (issue 37)', () => {
  it('shows where the order ships and the card it is paid with, and a double click places one order', async () => {
    let answer: (o: api.ShopOrder) => void = () => undefined;
    vi.mocked(api.checkout).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCheckout();
    expect(await screen.findByText('1 Quay St')).toBeTruthy();
    expect((await screen.findByTestId('card-on-file')).textContent).toBe('VISA ending in 4242, expires 04/2030');
    const place = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(place);
    fireEvent.click(place);
    expect(api.checkout).toHaveBeenCalledTimes(1);
    expect(api.checkout).toHaveBeenCalledWith('harbour');
    answer({ id: 'ord-1' } as api.ShopOrder);
    expect(await screen.findByText('order page')).toBeTruthy();
  });

  it('says a card is needed, with a link to the Subscription page, and may be placed again after', async () => {
    vi.mocked(api.checkout).mockRejectedValue(new RequestError(SHOP_TEXTS.noCard));
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SHOP_TEXTS.noCard);
    expect(screen.getByRole('link', { name: 'Go to the Subscription page' }).getAttribute('href')).toBe(
      '/org/harbour/subscription',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(api.checkout).toHaveBeenCalledTimes(2);
  });
});
