// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../ui/theme.js';
import { CameraScan } from './CameraScan.js';

/** The device's camera is outside Vigil: each test says what the browser answers when asked for it. */
function cameraAnswers(getUserMedia: (() => Promise<MediaStream>) | null): ReturnType<typeof vi.fn> {
  const ask = vi.fn(getUserMedia ?? (() => Promise.reject(new Error('unreachable'))));
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: ask } : undefined,
  });
  return ask;
}

function openCamera(): void {
  render(
    <MantineProvider theme={theme}>
      <CameraScan onScan={() => undefined} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
}

afterEach(cleanup);

describe('the camera dialog when the camera cannot be used', () => {
  it('[CS1] says the permission was refused, asks again on Try again, and goes back to typing', async () => {
    const ask = cameraAnswers(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    openCamera();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'No camera permission' +
        'Vigil was not allowed to use the camera. Allow the camera for this site in the browser settings and try again, or type the code.',
    );
    expect(screen.queryByText('Starting the camera…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(2));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Type the code instead' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[CS1] says there is no camera, and that the camera is busy', async () => {
    cameraAnswers(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    openCamera();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This device has no camera Vigil can use. Use a USB scanner or type the code.',
    );
    cleanup();
    cameraAnswers(() => Promise.reject(new DOMException('Could not start video source', 'NotReadableError')));
    openCamera();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another app is using the camera. Close it and try again, or type the code.',
    );
  });

  it('[CS1] says the browser gives no camera (no https), with no Try again that could not help', async () => {
    cameraAnswers(null);
    openCamera();
    expect((await screen.findByRole('alert')).textContent).toContain('it needs the secure https address');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Type the code instead' })).toBeTruthy();
  });
});
