import { Group, Text, Textarea } from '@mantine/core';
import { MARKDOWN_EDITOR } from '@vigil/shared';
import { useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { imageMarkdown, pastedImageDataUrl } from './imageFit.js';

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  readOnly?: boolean;
  error?: string;
}

/** [FC12] The size indicator's text: "1,234 / 100,000 characters", and whether it is over the limit (red). */
export function sizeIndicator(length: number, maxLength: number): { text: string; over: boolean } {
  return {
    text: `${length.toLocaleString('en-US')} / ${maxLength.toLocaleString('en-US')} characters`,
    over: length > maxLength,
  };
}

/**
 * The Markdown editor of spec 000 §5: 500 px high, a size indicator that turns red over the
 * limit (100,000 characters by default), and images pasted or dropped into it scaled to fit
 * 500 × 500 and embedded as JPEG quality 70.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  maxLength = MARKDOWN_EDITOR.maxLength,
  readOnly = false,
  error,
}: MarkdownEditorProps): ReactNode {
  const area = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  const size = sizeIndicator(value.length, maxLength);

  const insertImages = async (files: File[]): Promise<void> => {
    const start = area.current?.selectionStart ?? value.length;
    const end = area.current?.selectionEnd ?? value.length;
    setBusy(true);
    const parts: string[] = [];
    for (const file of files) {
      const dataUrl = await pastedImageDataUrl(file);
      if (dataUrl) parts.push(imageMarkdown(file.name, dataUrl));
    }
    setBusy(false);
    if (parts.length === 0) return;
    const text = parts.join('\n\n');
    onChange(`${value.slice(0, start)}${text}${value.slice(end)}`);
  };
  const imagesOf = (list: DataTransfer): File[] => [...list.files].filter((f) => f.type.startsWith('image/'));

  return (
    <div>
      <Textarea
        ref={area}
        label={label}
        value={value}
        readOnly={readOnly}
        error={error}
        description="Markdown: # Heading, **bold**, *italic*, - list. Paste or drop an image to add it."
        onChange={(e) => onChange(e.currentTarget.value)}
        onPaste={(e: ClipboardEvent<HTMLTextAreaElement>) => {
          const images = imagesOf(e.clipboardData);
          if (images.length === 0 || readOnly) return;
          e.preventDefault();
          void insertImages(images);
        }}
        onDrop={(e: DragEvent<HTMLTextAreaElement>) => {
          const images = imagesOf(e.dataTransfer);
          if (images.length === 0 || readOnly) return;
          e.preventDefault();
          void insertImages(images);
        }}
        styles={{ input: { height: MARKDOWN_EDITOR.heightPx, fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {busy ? 'Adding the image...' : ''}
        </Text>
        <Text
          size="sm"
          c={size.over ? 'red.8' : 'dimmed'}
          fw={size.over ? 700 : undefined}
          data-testid="markdown-size"
          data-over={size.over}
        >
          {size.text}
        </Text>
      </Group>
    </div>
  );
}
