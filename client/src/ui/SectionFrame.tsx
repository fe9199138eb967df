import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LightStack } from './LightLayout.js';

export interface SectionFrameProps {
  /** The anchor the section navigation scrolls to. */
  id: string;
  title: string;
  children: ReactNode;
  /** Shown at the right of the title. */
  aside?: ReactNode;
}

/** A case-screen section: a labelled region with a focusable heading for the section navigation. */
export function SectionFrame({ id, title, children, aside }: SectionFrameProps): ReactNode {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 150px)' }}
    >
      <LightStack gap="sm">
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}
        >
          <Title order={2} size="h4" id={`${id}-title`} tabIndex={-1}>
            {title}
          </Title>
          {aside}
        </div>
        {children}
      </LightStack>
    </Paper>
  );
}
