// @vitest-environment happy-dom
import { MantineProvider, NavLink } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightNavLink } from './LightNavLink.js';
import { comparableMarkup } from './markup.js';
import { theme } from './theme.js';

afterEach(cleanup);

function markupOf(node: ReactNode): string {
  const { container, unmount } = render(
    <MemoryRouter>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </MemoryRouter>,
  );
  const markup = comparableMarkup(container.querySelector('a')!);
  unmount();
  return markup;
}

describe('LightNavLink', () => {
  it.each([false, true])("renders as Mantine's NavLink with a Link and the touch height (active %s)", (active) => {
    const mantine = markupOf(
      <NavLink component={Link} to="/org/o/cases" label="Cases" active={active} onClick={() => undefined} mih={44} />,
    );
    const light = markupOf(
      <LightNavLink href="/org/o/cases" label="Cases" active={active} onClick={() => undefined} />,
    );
    expect(light).toBe(mantine);
  });

  it('navigates and reports the click', () => {
    const onClick = vi.fn();
    render(
      <MemoryRouter initialEntries={['/org/o']}>
        <MantineProvider theme={theme}>
          <LightNavLink href="/org/o/cases" label="Cases" active={false} onClick={onClick} />
          <Routes>
            <Route path="/org/o/cases" element={<h1>Cases page</h1>} />
            <Route path="*" element={null} />
          </Routes>
        </MantineProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cases' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Cases page' })).toBeTruthy();
  });
});
