// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GalleryImage } from '@vigil/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageGallery } from './ImageGallery.js';

afterEach(cleanup);

const images: GalleryImage[] = Array.from({ length: 7 }, (_, i) => ({
  src: `data:image/webp;base64,AAAA${i}`,
  alt: `Photo ${i + 1}`,
}));

function renderGallery(list: readonly GalleryImage[] = images): void {
  render(
    <MantineProvider>
      <ImageGallery images={list} title="Photos of Ada" />
    </MantineProvider>,
  );
}

const viewer = (): Promise<HTMLElement> => screen.findByRole('dialog', { name: 'Photos of Ada' }, { timeout: 5000 });
const shown = (dialog: HTMLElement): string | null => within(dialog).getByTestId('viewer-image').getAttribute('alt');

describe('the image gallery and viewer (spec 000 §2, spec 002 §2)', { timeout: 30_000 }, () => {
  it('shows a thumbnail per image and opens the viewer on the one chosen', async () => {
    renderGallery();
    const thumbs = within(screen.getByRole('group', { name: 'Photos of Ada' })).getAllByRole('button', {
      name: /^Open image/,
    });
    expect(thumbs).toHaveLength(7);
    fireEvent.click(thumbs[2]!);
    const dialog = await viewer();
    expect(shown(dialog)).toBe('Photo 3');
    expect(within(dialog).getByTestId('viewer-position').textContent).toBe('Image 3 of 7');
  });

  it('[GAL1] moves with the arrow keys, stops at the ends, and Home and End go to the ends', async () => {
    renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 7: Photo 1' }));
    const dialog = await viewer();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(shown(dialog)).toBe('Photo 1');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(shown(dialog)).toBe('Photo 3');
    fireEvent.keyDown(dialog, { key: 'End' });
    expect(shown(dialog)).toBe('Photo 7');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(shown(dialog)).toBe('Photo 7');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Next image' }).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Home' });
    expect(shown(dialog)).toBe('Photo 1');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Previous image' }).disabled).toBe(true);
  });

  it('[GAL2] shows at most 5 thumbnails in the strip, the shown image among them', async () => {
    renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Open image 7 of 7: Photo 7' }));
    const dialog = await viewer();
    const strip = within(dialog).getByRole('group', { name: 'Thumbnails' });
    const thumbs = within(strip).getAllByRole('button');
    expect(thumbs.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Show image 3: Photo 3',
      'Show image 4: Photo 4',
      'Show image 5: Photo 5',
      'Show image 6: Photo 6',
      'Show image 7: Photo 7',
    ]);
    expect(thumbs[4]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(thumbs[0]!);
    expect(shown(dialog)).toBe('Photo 3');
  });

  it('closes on Escape', async () => {
    renderGallery(images.slice(0, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Open image 2 of 2: Photo 2' }));
    const dialog = await viewer();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[GAL3] takes a double tap as one tap, and shows nothing without images', async () => {
    renderGallery();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    const thumb = screen.getByRole('button', { name: 'Open image 1 of 7: Photo 1' });
    fireEvent.click(thumb);
    const dialog = await viewer();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    // The second tap of a double tap (within 300 ms), landing on another thumbnail, does not change the image.
    clock.mockReturnValue(10_299);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 5 of 7: Photo 5' }));
    expect(shown(dialog)).toBe('Photo 2');
    clock.mockReturnValue(10_600);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 5 of 7: Photo 5' }));
    expect(shown(dialog)).toBe('Photo 5');
    clock.mockRestore();
    cleanup();
    renderGallery([]);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
