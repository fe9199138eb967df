// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignaturePad, type SignaturePadProps } from './SignaturePad.js';
import { theme } from './theme.js';

// happy-dom draws nothing: the canvas gets a 2D context that accepts every call and does nothing,
// so what is tested here is the pad's behaviour (strokes, Clear, Sign, save); drawing on a real
// canvas with a mouse, a pen and a finger is tested in Chromium (signature-pad-strokes-inputs-and-turns.spec.ts).
beforeEach(() => {
  // The library takes at most one point per 16 ms: each move below comes 20 ms after the last.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  const context = new Proxy<Record<string | symbol, unknown>>(
    {},
    {
      get: (target, key) => (key in target ? target[key] : () => undefined),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.stubGlobal(
    'Path2D',
    class {
      constructor(readonly d: string) {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function pad(props: Partial<SignaturePadProps> = {}): { onSign: ReturnType<typeof vi.fn> } {
  const onSign = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <SignaturePad opened onClose={() => undefined} onSign={onSign} {...props} />
    </MantineProvider>,
  );
  return { onSign };
}

/** One stroke through the given points, as the browser sends a pointer's events (pad at the page's corner). */
function stroke(points: [number, number][], pointerType = 'mouse'): void {
  const canvas = screen.getByTestId('signature-pad');
  const at = ([clientX, clientY]: [number, number], buttons: number) => ({
    clientX,
    clientY,
    buttons,
    pointerId: 1,
    pointerType,
    pressure: buttons ? 0.5 : 0,
  });
  const [first, ...rest] = points;
  act(() => {
    fireEvent.pointerDown(canvas, at(first!, 1));
    for (const p of rest) {
      vi.advanceTimersByTime(20);
      fireEvent.pointerMove(window, at(p, 1));
    }
    vi.advanceTimersByTime(20);
    fireEvent.pointerUp(window, at(rest.at(-1) ?? first!, 0));
  });
}

const sign = (): HTMLElement => screen.getByRole('button', { name: 'Sign' });

describe('SignaturePad', () => {
  it('keeps every stroke of a signature drawn in several, and hands them back as path data', () => {
    const { onSign } = pad();
    expect(sign()).toHaveProperty('disabled', true);
    stroke([
      [30, 200],
      [60, 90],
      [100, 60],
    ]);
    stroke([
      [180, 80],
      [220, 230],
    ]);
    stroke(
      [
        [160, 140],
        [340, 150],
      ],
      'touch',
    );
    expect(sign()).toHaveProperty('disabled', false);
    fireEvent.click(sign());
    // The finger's stroke is drawn 10 px above it (spec 002 §9).
    expect(onSign).toHaveBeenCalledWith('M 30 200 L 60 90 L 100 60 M 180 80 L 220 230 M 160 130 L 340 140', false);
  });

  it('clips a stroke that leaves the pad to its edges', () => {
    const { onSign } = pad();
    stroke([
      [600, 100],
      [2000, 500],
    ]);
    fireEvent.click(sign());
    expect(onSign).toHaveBeenCalledWith(`M 600 100 L ${Math.min(window.innerWidth, 660)} 300`, false);
  });

  it('starts from the saved signature, locked until Clear, then waits for a new one', () => {
    const { onSign } = pad({ initialPath: 'M 1 1 L 5 5', offerSave: true, defaultSave: true });
    expect(screen.getByRole('img', { name: /saved signature/ })).toBeTruthy();
    expect(screen.getByLabelText('Save this signature for future use')).toHaveProperty('checked', true);
    stroke([
      [30, 30],
      [90, 90],
    ]);
    fireEvent.click(sign());
    expect(onSign).toHaveBeenLastCalledWith('M 1 1 L 5 5', true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Signature' }));
    expect(sign()).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText('Save this signature for future use')).toBeNull();
    stroke([
      [30, 30],
      [90, 90],
    ]);
    fireEvent.click(screen.getByLabelText('Save this signature for future use'));
    fireEvent.click(sign());
    expect(onSign).toHaveBeenLastCalledWith('M 30 30 L 90 90', false);
  });

  it('names its confirm button as the caller asks and offers no save box unless asked', () => {
    pad({ confirmLabel: 'Sign and Finalize' });
    stroke([
      [10, 10],
      [50, 50],
    ]);
    expect(screen.getByRole('button', { name: 'Sign and Finalize' })).toHaveProperty('disabled', false);
    expect(screen.queryByLabelText('Save this signature for future use')).toBeNull();
  });
});
