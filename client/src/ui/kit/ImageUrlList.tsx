import { ActionIcon, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ImageUrlListProps {
  /** The images' URLs (or data URLs), in order: the first is shown first. */
  urls: readonly string[];
  onChange: (urls: string[]) => void;
  /** How an image is named in the buttons' labels: 'Picture' gives 'Remove picture 2'. */
  itemName?: string;
  disabled?: boolean;
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The image URL list (spec 002 §2 form-field widgets: with reorder and delete): each image with
 * buttons to move it earlier or later and to remove it. Every button is labelled with the image's
 * place, so a screen reader user reorders as well as anyone.
 */
export function ImageUrlList({ urls, onChange, itemName = 'Image', disabled = false }: ImageUrlListProps): ReactNode {
  const name = itemName.toLowerCase();
  if (urls.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No {name}s yet.
      </Text>
    );
  }
  return (
    <Group gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {urls.map((src, i) => (
        <Stack key={`${i}:${src.slice(0, 64)}`} component="li" gap={2} align="center">
          <Image src={src} alt={`${itemName} ${i + 1}`} w={88} h={88} fit="contain" bg="gray.0" radius="sm" />
          <Group gap={2}>
            <ActionIcon
              variant="subtle"
              size={44}
              disabled={disabled || i === 0}
              aria-label={`Move ${name} ${i + 1} earlier`}
              onClick={() => onChange(moveItem(urls, i, i - 1))}
            >
              ←
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size={44}
              disabled={disabled || i === urls.length - 1}
              aria-label={`Move ${name} ${i + 1} later`}
              onClick={() => onChange(moveItem(urls, i, i + 1))}
            >
              →
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              disabled={disabled}
              aria-label={`Remove ${name} ${i + 1}`}
              onClick={() => onChange(urls.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        </Stack>
      ))}
    </Group>
  );
}
