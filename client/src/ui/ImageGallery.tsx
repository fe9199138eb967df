import { Button, Group, Image, SimpleGrid, Stack, UnstyledButton } from '@mantine/core';
import { galleryWidth, isRepeatedTap, type GalleryImage } from '@vigil/shared';
import { useRef, useState, type ReactNode } from 'react';
import { ImageViewer } from './ImageViewer.js';

export interface ImageGalleryProps {
  images: readonly GalleryImage[];
  /** What the images are, for the viewer's title and the gallery's name (e.g. 'Photos of Ada Lovelace'). */
  title: string;
}

/** Thumbnails per row: at 480 px, four of about 114 px; expanded, eight. */
const COLUMNS = 4;

/**
 * The image gallery of spec 000 §2, §9 (IMAGE_GALLERY): the images' thumbnails in a grid at most
 * 480 px wide (960 when expanded), gaps of 8 px (spacing 2); a thumbnail opens the image viewer on
 * it. A second tap within 300 ms is the same tap (GAL3), so a double tap does not open the viewer
 * and at once act on it.
 */
export function ImageGallery({ images, title }: ImageGalleryProps): ReactNode {
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const lastTap = useRef<number | null>(null);
  if (images.length === 0) return null;
  const width = galleryWidth(expanded, Number.POSITIVE_INFINITY);
  const openAt = (i: number): void => {
    const now = Date.now();
    if (isRepeatedTap(lastTap.current, now)) return;
    lastTap.current = now;
    setOpen(i);
  };
  return (
    <Stack gap={8} maw={width} w="100%" role="group" aria-label={title}>
      <SimpleGrid cols={expanded ? COLUMNS * 2 : COLUMNS} spacing={8} verticalSpacing={8}>
        {images.map((img, i) => (
          <UnstyledButton
            key={`${i}-${img.src.slice(-24)}`}
            onClick={() => openAt(i)}
            aria-label={`Open image ${i + 1} of ${images.length}: ${img.alt}`}
            style={{ borderRadius: 4 }}
          >
            <Image src={img.src} alt="" radius="sm" fit="cover" style={{ aspectRatio: '1 / 1' }} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {images.length > COLUMNS && (
        <Group>
          <Button variant="subtle" size="xs" mih={32} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Smaller' : 'Larger'}
          </Button>
        </Group>
      )}
      <ImageViewer images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} title={title} />
    </Stack>
  );
}
