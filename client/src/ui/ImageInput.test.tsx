// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraErrorText, ImageInput } from './ImageInput.js';
import { theme } from './theme.js';

function open(): { onChange: ReturnType<typeof vi.fn>; onCancel: ReturnType<typeof vi.fn> } {
  const onChange = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <ImageInput label="patient photo" onChange={onChange} onCancel={onCancel} />
    </MantineProvider>,
  );
  return { onChange, onCancel };
}

afterEach(cleanup);

describe('the image input (spec 002 §2, §5)', () => {
  it("[PH2] refuses a dropped file that is not an image with 'Invalid file type!' and keeps nothing", async () => {
    const { onChange } = open();
    const file = new File(['not a picture'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('image-drop-zone'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid file type!'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
  });

  it('offers the camera and an upload, and Cancel leaves', () => {
    const { onCancel } = open();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'NotAllowedError',
      'The camera was not allowed. Allow camera access for this page in your browser, then try again.',
    ],
    ['NotFoundError', 'No camera was found on this device.'],
  ])('words a camera refused with %s for the desk', (name, text) => {
    expect(cameraErrorText(new DOMException('no', name))).toBe(text);
  });
});
