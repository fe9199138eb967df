import { describe, expect, it } from 'vitest';
import { adminLabel } from '../orgs/index.js';
import { orgNav } from './nav.js';

describe("the office's navigation", () => {
  it('links to the shop when the store flag is on', () => {
    const shop = orgNav('org 1', false, true).find((l) => l.label === 'Shop');
    expect(shop?.href).toBe('/org/org%201/shop');
  });

  it('has no shop link when the store flag is off', () => {
    expect(orgNav('org1', true, false).map((l) => l.label)).not.toContain('Shop');
  });

  it('links to the analytics, an administrator’s screen (issue 41)', () => {
    expect(orgNav('org1', true, false).find((l) => l.href === '/org/org1/analytics')?.label).toBe('Analytics');
    expect(orgNav('org1', false, false).find((l) => l.href === '/org/org1/analytics')?.label).not.toBe('Analytics');
  });

  it('links to the reports after the analytics, an administrator’s screen (issue 41)', () => {
    const labels = orgNav('org1', true, false).map((l) => l.label);
    expect(labels.indexOf('Reports')).toBe(labels.indexOf('Analytics') + 1);
    expect(orgNav('org1', false, false).map((l) => l.label)).toContain(adminLabel('Reports', false));
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

  it('links to the office’s presets and its drug list (issue 39)', () => {
    const links = orgNav('org1', true, false);
    expect(links.find((l) => l.label === 'Presets')?.href).toBe('/org/org1/provider-case-presets');
    expect(links.find((l) => l.label === 'Drugs')?.href).toBe('/org/org1/customize-drugs');
    expect(orgNav('org1', false, false).map((l) => l.label)).toContain(adminLabel('Drugs', false));
  });

  it('links to the office’s monitors and bridges (issue 38)', () => {
    expect(orgNav('org1', true, false).find((l) => l.href === '/org/org1/monitors')?.label).toBe('Monitors');
    expect(orgNav('org1', false, false).map((l) => l.label)).toContain(adminLabel('Monitors', false));
  });
});
