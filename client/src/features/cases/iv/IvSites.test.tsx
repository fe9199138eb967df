// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IvSiteCard } from './IvSiteCard.js';
import { IvSiteForm } from './IvSiteForm.js';
import { missingIvFields, readWhole, type IvSite } from './model.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 10, 0).getTime();
const set = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const complete: IvSite = {
  id: 'ivs-1',
  side: 'Left',
  name: 'Hand',
  needleGauge: 22,
  attempts: 1,
  securedWith: 'Tegaderm',
  time: NOW,
  timeRemoved: null,
  solutions: [{ bagId: 'b1', name: 'LR', amount: 500 }],
  syringeFlushes: [],
};

describe('IV site form (spec 001 §3)', () => {
  it('adds a site with every field and it is complete by the rule of spec 001 §5', () => {
    const onSubmit = vi.fn();
    render(
      <MantineProvider>
        <IvSiteForm initial={null} disabled={false} submitLabel="Add IV site" onSubmit={onSubmit} now={() => NOW} />
      </MantineProvider>,
    );
    set('Side', 'Left');
    set('Site', 'Hand');
    set('Gauge', '22');
    set('Attempts', '2');
    set('Secured with', 'Tegaderm');
    set('IV time', '0930');
    set('Solution', 'LR');
    set('Bag mL', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Add IV site' }));
    const site = onSubmit.mock.calls[0]![0] as IvSite;
    expect(site).toMatchObject({
      side: 'Left',
      name: 'Hand',
      needleGauge: 22,
      attempts: 2,
      securedWith: 'Tegaderm',
      time: new Date(2026, 10, 22, 9, 30).getTime(),
      solutions: [{ name: 'LR', amount: 500 }],
    });
    expect(missingIvFields(site)).toEqual([]);
  });

  it('refuses a bag volume that is not a positive integer (spec 001 §5)', () => {
    const onSubmit = vi.fn();
    render(
      <MantineProvider>
        <IvSiteForm initial={null} disabled={false} submitLabel="Add IV site" onSubmit={onSubmit} now={() => NOW} />
      </MantineProvider>,
    );
    set('Bag mL', '2.5');
    expect(screen.getByText('Must be a positive integer')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add IV site' }).disabled).toBe(true);
  });
});

describe('IV site card', () => {
  const renderCard = (site: IvSite, onPut = vi.fn()): ReturnType<typeof vi.fn> => {
    render(
      <MantineProvider>
        <IvSiteCard site={site} disabled={false} onPut={onPut} onDelete={() => undefined} now={() => NOW + 60_000} />
      </MantineProvider>,
    );
    return onPut;
  };

  it('shows a complete site as complete and one without a first solution as incomplete, naming what is missing', () => {
    renderCard(complete);
    expect(screen.getByText('complete')).toBeTruthy();
    cleanup();
    renderCard({ ...complete, solutions: [], securedWith: null });
    expect(screen.getByText('incomplete: secured with, first solution')).toBeTruthy();
  });

  it('charts removal, another bag and a syringe flush by replacing the site', () => {
    const onPut = renderCard(complete);
    fireEvent.click(screen.getByRole('button', { name: /IV removed now/ }));
    expect(onPut.mock.calls[0]![0]).toMatchObject({ id: 'ivs-1', timeRemoved: NOW + 60_000 });
    set('Flush mL', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Add flush' }));
    expect(onPut.mock.calls[1]![0]).toMatchObject({ syringeFlushes: [{ amount: 5, time: NOW + 60_000 }] });
    set('Next bag', 'NS');
    set('Next bag size (mL)', '250');
    fireEvent.click(screen.getByRole('button', { name: 'Hang bag' }));
    expect((onPut.mock.calls[2]![0] as IvSite).solutions.map((s) => [s.name, s.amount])).toEqual([
      ['LR', 500],
      ['NS', 250],
    ]);
  });

  it('reads whole numbers with a minimum', () => {
    expect(readWhole('3', 1)).toEqual({ value: 3, error: null });
    expect(readWhole('0', 1)).toEqual({ value: null, error: 'min is 1' });
    expect(readWhole('', 1)).toEqual({ value: null, error: null });
  });
});
