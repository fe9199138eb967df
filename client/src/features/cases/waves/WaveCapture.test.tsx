// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaveCapture } from './WaveCapture.js';
import type { WaveEntry } from './model.js';

afterEach(cleanup);

const renderCapture = (ecgAllowed = true): ReturnType<typeof vi.fn> => {
  const onCapture = vi.fn();
  render(
    <MantineProvider>
      <WaveCapture
        disabled={false}
        rates={{ hr: 70, rr: 13 }}
        onCapture={onCapture}
        ecgAllowed={ecgAllowed}
        now={() => 5}
      />
    </MantineProvider>,
  );
  return onCapture;
};

describe('wave capture (spec 001 §5 wave svg rule)', () => {
  it('captures a simulated ECG II strip with its notes', () => {
    const onCapture = renderCapture();
    fireEvent.change(screen.getByLabelText('Waveform'), { target: { value: 'II' } });
    fireEvent.change(screen.getByLabelText('Waveform notes'), { target: { value: 'sinus rhythm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Capture simulated strip' }));
    expect(onCapture.mock.calls[0]![0]).toMatchObject({
      type: 'II',
      name: 'ECG II (simulated)',
      time: 5,
      notes: 'sinus rhythm',
    });
  });

  it('[MON22] leaves the ECG leads out and says why on a plan without waveform capture', () => {
    const onCapture = renderCapture(false);
    const options = [...screen.getByLabelText<HTMLSelectElement>('Waveform').options].map((o) => o.value);
    expect(options).toEqual(['pleth', 'etco2', 'respirogram']);
    expect(screen.getByTestId('ecg-not-in-plan').textContent).toContain('ECG capture is included in the Advanced plan');
    fireEvent.click(screen.getByRole('button', { name: 'Capture simulated strip' }));
    expect(onCapture.mock.calls[0]![0]).toMatchObject({ type: 'pleth' });
  });

  it.each([
    ['<svg><text>hi</text></svg>'],
    ['<svg><path d="M0 0" onclick="alert(1)"/></svg>'],
    ['<svg><script>alert(1)</script></svg>'],
    ['not svg'],
  ])('refuses to import %s with the rule message', (svg) => {
    const onCapture = renderCapture();
    fireEvent.change(screen.getByLabelText('Monitor svg export'), { target: { value: svg } });
    fireEvent.click(screen.getByRole('button', { name: 'Import strip' }));
    expect(onCapture).not.toHaveBeenCalled();
    expect(
      screen.getByText('Wave svg must contain only svg, rect and path elements and no event-handler attributes'),
    ).toBeTruthy();
  });

  it('imports a strip made only of svg, rect and path', () => {
    const onCapture = renderCapture();
    const svg = '<svg viewBox="0 0 10 10"><rect width="10" height="10"/><path d="M0 5 L10 5"/></svg>';
    fireEvent.change(screen.getByLabelText('Monitor svg export'), { target: { value: svg } });
    fireEvent.click(screen.getByRole('button', { name: 'Import strip' }));
    expect((onCapture.mock.calls[0]![0] as WaveEntry).svg).toBe(svg);
  });
});
