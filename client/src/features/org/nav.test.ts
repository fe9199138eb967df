import { describe, expect, it } from 'vitest';
import { orgNav } from './nav.js';

describe("the office's navigation", () => {
  it('links to the shop when the store flag is on', () => {
    const shop = orgNav('org 1', false, true).find((l) => l.label === 'Shop');
    expect(shop?.href).toBe('/org/org%201/shop');
  });

  it('has no shop link when the store flag is off', () => {
    expect(orgNav('org1', true, false).map((l) => l.label)).not.toContain('Shop');
  });

  it('links to the live vitals after the cases (issue 38)', () => {
    const labels = orgNav('org1', false, false).map((l) => l.label);
    expect(labels.indexOf('Live Vitals')).toBe(labels.indexOf('Cases') + 1);
    expect(orgNav('org1', false, false).find((l) => l.label === 'Live Vitals')?.href).toBe('/org/org1/live-vitals');
  });

  it('keeps the other links in their order either way', () => {
    const without = orgNav('org1', false, false).map((l) => l.label);
    const withShop = orgNav('org1', false, true).map((l) => l.label);
    expect(withShop.filter((l) => l !== 'Shop')).toEqual(without);
    expect(withShop.indexOf('Shop')).toBe(withShop.indexOf('Inventories') + 1);
  });
});
