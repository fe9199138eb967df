import { Textarea, type TextareaProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface GrowingTextareaProps extends Omit<
  TextareaProps,
  'autosize' | 'minRows' | 'maxRows' | 'rows' | 'styles'
> {
  /** Lines shown while the text is shorter. */
  minRows: number;
  /** Lines it grows to at most, then scrolls (a pasted export, say); no limit when left out. */
  maxRows?: number;
}

const rowsHeight = (rows: number): string => `calc(${rows}lh + 2 * var(--input-padding-y, 0.5rem) + 2px)`;

/**
 * A textarea that grows with its text through CSS (`field-sizing: content`) instead of Mantine's
 * `autosize`, which measures a hidden copy of every textarea with `getComputedStyle` on each
 * render: on the long case screen that forced a style and layout pass of the whole page per
 * textarea (about half a second of a cold start on a throttled tablet). A browser without
 * `field-sizing` shows `minRows` lines and scrolls.
 */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps): ReactNode {
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: rowsHeight(minRows),
          ...(maxRows == null ? {} : { maxHeight: rowsHeight(maxRows) }),
        },
      }}
    />
  );
}
