// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { PlanView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PricingTable } from './PricingTable.js';
import { installMatchMedia } from '../../ui/matchMedia.test-util.js';

beforeAll(installMatchMedia);
afterEach(cleanup);

const plan = (lookupKey: string, interval: string, amount: number): PlanView => ({
  id: `price_${lookupKey}`,
  amount,
  productId: 'prod',
  productName: lookupKey,
  nickname: null,
  interval,
  lookupKey,
  productFeaturesJSON: '{"waveforms":true,"advancedFluids":true}',
});
const PLANS = [
  plan('basic_monthly', 'month', 4_900),
  plan('basic_yearly', 'year', 49_000),
  plan('advanced_monthly', 'month', 14_900),
  plan('advanced_yearly', 'year', 149_000),
];

function Table({ onSelect }: { onSelect: (p: PlanView) => void }): ReactNode {
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  return (
    <MantineProvider>
      <PricingTable
        plans={PLANS}
        interval={interval}
        onIntervalChange={setInterval}
        onSelect={onSelect}
        currentPriceId="price_basic_monthly"
      />
    </MantineProvider>
  );
}

describe('PricingTable (spec 002 §2 "Pricing table", §9 "Pricing")', () => {
  it('shows prices per provider, marks Advanced Most Popular, notes the trial, and the yearly saving once yearly', () => {
    const onSelect = vi.fn();
    render(<Table onSelect={onSelect} />);
    const advanced = screen.getByRole('region', { name: 'Advanced' });
    expect(within(advanced).getByText('Most Popular')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Basic' })).queryByText('Most Popular')).toBeNull();
    expect(advanced.textContent).toContain('$149');
    expect(advanced.textContent).toContain('/ month per provider');
    expect(screen.getByText(/30-day free trial, no credit card/)).toBeTruthy();
    expect(screen.queryByText(/Save 16%/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(advanced.textContent).toContain('$1,490');
    expect(within(advanced).getByText('Save 16% against 12 months')).toBeTruthy();
    expect(within(advanced).getByText('Everything in Basic, and:')).toBeTruthy();
    expect(within(advanced).getByText('General anesthesia (GA) cases')).toBeTruthy();

    fireEvent.click(within(advanced).getByRole('button', { name: 'Choose Advanced' }));
    expect(onSelect).toHaveBeenCalledWith(PLANS[3]);
  });

  it('shows the plan in use as the current plan, not to be chosen again', () => {
    render(<Table onSelect={vi.fn()} />);
    const basic = within(screen.getByRole('region', { name: 'Basic' })).getByRole('button', {
      name: 'Current plan',
    });
    expect((basic as HTMLButtonElement).disabled).toBe(true);
  });
});
