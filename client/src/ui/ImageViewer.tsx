import { ActionIcon, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IMAGE_VIEWER, viewerIndexAfterKey, visibleThumbnails, type GalleryImage } from '@vigil/shared';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ImageViewerProps {
  images: readonly GalleryImage[];
  /** The image shown, or null while the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The dialog's title (e.g. 'Photos of Ada Lovelace'). */
  title: string;
}

/** The strip's thumbnail size (px): five of them and their gaps fit the 480 px image above them. */
const THUMB = 80;

/**
 * The image viewer of spec 002 §2, §9 (IMAGE_VIEWER): a dialog 500 px wide with the image at most
 * 480 px wide and a strip of at most 5 thumbnails under it (GAL2), gaps of 8 px. The arrow keys
 * move between the images and stop at the ends, Home and End go to the ends (GAL1), Escape closes
 * (Mantine's Modal), and the focus comes back to what opened it. Previous and Next do the same by
 * pointer; the thumbnails choose an image.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, title }: ImageViewerProps): ReactNode {
  const count = images.length;
  const at = index === null ? -1 : viewerIndexAfterKey(index, count, '');
  const image = at >= 0 ? images[at] : undefined;
  const { start, end } = visibleThumbnails(Math.max(at, 0), count);
  const current = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // The focus follows the image: on the strip it moves to the chosen thumbnail; a Previous or Next
  // that has just been disabled (an end reached) hands it to the viewer's body, so the keys still work.
  useEffect(() => {
    if (at < 0) return;
    const active = document.activeElement as HTMLElement | null;
    if (active?.closest('[data-image-strip]')) current.current?.focus();
    else if (!active || active === document.body || (active as HTMLButtonElement).disabled) body.current?.focus();
  }, [at]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    // Keys typed in a field of the dialog (none today) would keep theirs.
    if ((e.target as HTMLElement).closest('input, textarea')) return;
    e.preventDefault();
    const next = viewerIndexAfterKey(at, count, e.key);
    if (next !== at) onIndexChange(next);
  };
  return (
    <Modal
      opened={image !== undefined}
      onClose={onClose}
      title={title}
      size={IMAGE_VIEWER.dialogWidthPx}
      onKeyDown={onKeyDown}
      centered
    >
      {image && (
        <Stack gap={IMAGE_VIEWER.gapSizes[2]} align="center" ref={body} tabIndex={-1} style={{ outline: 'none' }}>
          <Image
            src={image.src}
            alt={image.alt}
            maw={IMAGE_VIEWER.maxWidth}
            w="100%"
            fit="contain"
            radius="sm"
            data-testid="viewer-image"
          />
          <Group justify="space-between" w="100%" maw={IMAGE_VIEWER.maxWidth} wrap="nowrap">
            <ActionIcon
              variant="default"
              size={44}
              aria-label="Previous image"
              disabled={at <= 0}
              onClick={() => onIndexChange(at - 1)}
            >
              ‹
            </ActionIcon>
            <Text size="sm" aria-live="polite" data-testid="viewer-position">
              Image {at + 1} of {count}
            </Text>
            <ActionIcon
              variant="default"
              size={44}
              aria-label="Next image"
              disabled={at >= count - 1}
              onClick={() => onIndexChange(at + 1)}
            >
              ›
            </ActionIcon>
          </Group>
          {count > 1 && (
            <Group
              gap={IMAGE_VIEWER.gapSizes[2]}
              justify="center"
              wrap="nowrap"
              data-image-strip
              role="group"
              aria-label="Thumbnails"
            >
              {images.slice(start, end).map((img, i) => {
                const n = start + i;
                return (
                  <UnstyledButton
                    key={`${n}-${img.src.slice(-24)}`}
                    ref={n === at ? current : undefined}
                    onClick={() => onIndexChange(n)}
                    aria-label={`Show image ${n + 1}: ${img.alt}`}
                    aria-current={n === at ? 'true' : undefined}
                    style={{
                      borderRadius: 4,
                      outline: n === at ? '3px solid var(--mantine-color-blue-filled)' : undefined,
                      outlineOffset: 1,
                    }}
                  >
                    <Image src={img.src} alt="" w={THUMB} h={THUMB} fit="cover" radius="sm" />
                  </UnstyledButton>
                );
              })}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
