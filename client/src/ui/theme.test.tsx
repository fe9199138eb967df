// @vitest-environment happy-dom
import { Loader, MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme.js';

afterEach(cleanup);

/** The axe rules a named loader could break, run on what is rendered. */
async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-allowed-role'] });
  return result.violations.map((v) => v.id);
}

describe('the theme: loaders (session 37)', () => {
  it('gives every loader the status role, so the name it is given is allowed (axe aria-prohibited-attr)', async () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading" />
      </MantineProvider>,
    );
    const loader = container.querySelector('[aria-label="Loading"]');
    expect(loader?.getAttribute('role')).toBe('status');
    expect(await violations(container)).toEqual([]);
  });

  it('shows the defect without it: a named loader is a span with no role', async () => {
    const { container } = render(
      <MantineProvider>
        <Loader aria-label="Loading" />
      </MantineProvider>,
    );
    expect(await violations(container)).toEqual(['aria-prohibited-attr']);
  });
});
