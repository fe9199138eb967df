import { describe, expect, it } from 'vitest';
import { bundleLink, type Bundle } from './bundle.js';

describe('Bundle', () => {
  it('finds a paging link by relation', () => {
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      total: 0,
      link: [
        { relation: 'first', url: '/a?_offset=0' },
        { relation: 'next', url: '/a?_offset=50' },
      ],
    };
    expect(bundleLink(bundle, 'next')).toBe('/a?_offset=50');
    expect(bundleLink(bundle, 'previous')).toBeUndefined();
  });
});
