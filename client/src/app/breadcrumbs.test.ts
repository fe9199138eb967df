import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './breadcrumbs.js';

describe('breadcrumbs (spec 000 §2)', () => {
  it("reads 'home' for the organisation and omits the org prefix", () => {
    expect(breadcrumbs('/org/acme-dental/patients')).toEqual([
      { label: 'home', href: '/org/acme-dental' },
      { label: 'patients', href: '/org/acme-dental/patients' },
    ]);
  });

  it('shortens a 36-character id to its first 8 characters', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(breadcrumbs(`/org/acme/patients/${id}`).at(-1)).toEqual({
      label: '0f8fad5b',
      href: `/org/acme/patients/${id}`,
    });
  });

  it('keeps ids of other lengths whole', () => {
    expect(breadcrumbs('/org/acme/patients/pat-4fQx9LmZ0aB2cD').at(-1)?.label).toBe('pat-4fQx9LmZ0aB2cD');
  });

  it("skips the 'product' segment after 'shop' but keeps its link target in the next crumb", () => {
    expect(breadcrumbs('/org/acme/shop/product/p1')).toEqual([
      { label: 'home', href: '/org/acme' },
      { label: 'shop', href: '/org/acme/shop' },
      { label: 'p1', href: '/org/acme/shop/product/p1' },
    ]);
  });

  it("does not skip a 'product' segment elsewhere", () => {
    expect(breadcrumbs('/vigil-team/products/product').map((c) => c.label)).toEqual(['products', 'product']);
  });

  it('gives the parent, team and reseller apps crumbs without a home', () => {
    expect(breadcrumbs('/parent/p1/orgs')).toEqual([
      { label: 'p1', href: '/parent/p1' },
      { label: 'orgs', href: '/parent/p1/orgs' },
    ]);
    expect(breadcrumbs('/vigil-team/users').map((c) => c.label)).toEqual(['users']);
  });

  it('has no breadcrumbs on public pages', () => {
    expect(breadcrumbs('/signin')).toEqual([]);
    expect(breadcrumbs('/')).toEqual([]);
  });
});
