import { describe, expect, it } from 'vitest';
import { orderedDevices, TEAM_FHIR_PAGE, teamFhirSearchParams } from './oversight.js';

describe('teamFhirSearchParams (TF1)', () => {
  it('takes the search text as a query and sets the page itself', () => {
    expect(teamFhirSearchParams('?name=Lopez+Ana&birthdate=ge1980-01-01', 40)).toEqual([
      ['name', 'Lopez Ana'],
      ['birthdate', 'ge1980-01-01'],
      ['_count', String(TEAM_FHIR_PAGE)],
      ['_offset', '40'],
    ]);
  });

  it('an empty text is every resource of the type', () => {
    expect(teamFhirSearchParams('  ', 0)?.map(([k]) => k)).toEqual(['_count', '_offset']);
  });

  it('refuses a text that sets the paging or a token, a long text and a bad offset', () => {
    expect(teamFhirSearchParams('_count=1000', 0)).toBeNull();
    expect(teamFhirSearchParams('name=a&_offset=5', 0)).toBeNull();
    expect(teamFhirSearchParams('token=abc', 0)).toBeNull();
    expect(teamFhirSearchParams(`name=${'a'.repeat(600)}`, 0)).toBeNull();
    expect(teamFhirSearchParams('', -1)).toBeNull();
    expect(teamFhirSearchParams('', 1.5)).toBeNull();
    expect(teamFhirSearchParams('name=%E0%A4%A', 0)).toBeNull();
  });
});

describe('orderedDevices (EQ1)', () => {
  it('sums monitors and scanners per product, leaving out refunded orders and other categories', () => {
    expect(
      orderedDevices([
        { category: 'Scanners', name: '2D barcode scanner', quantity: 2, status: 'paid' },
        { category: 'Monitors', name: 'Capnograph', quantity: 1, status: 'shipped' },
        { category: 'Scanners', name: '2D barcode scanner', quantity: 1, status: 'fulfilled' },
        { category: 'Scanners', name: '2D barcode scanner', quantity: 5, status: 'refunded' },
        { category: 'Supplies', name: 'SpO2 sensors', quantity: 3, status: 'paid' },
        { category: null, name: 'Gone product', quantity: 1, status: 'paid' },
      ]),
    ).toEqual([
      { category: 'Monitors', name: 'Capnograph', quantity: 1 },
      { category: 'Scanners', name: '2D barcode scanner', quantity: 3 },
    ]);
  });
});
