// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageUrlList, moveItem } from './ImageUrlList.js';

afterEach(cleanup);

function List({ start }: { start: string[] }): ReactNode {
  const [urls, setUrls] = useState(start);
  return <ImageUrlList urls={urls} onChange={setUrls} itemName="Picture" />;
}

const shown = (): (string | null)[] => screen.getAllByRole('img').map((i) => i.getAttribute('src'));
const button = (name: string): HTMLButtonElement => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the image URL list (spec 002 §2: with reorder and delete)', () => {
  it('moves an image earlier or later, and never past either end', () => {
    render(
      <MantineProvider>
        <List start={['/a.png', '/b.png', '/c.png']} />
      </MantineProvider>,
    );
    expect(button('Move picture 1 earlier').disabled).toBe(true);
    expect(button('Move picture 3 later').disabled).toBe(true);
    fireEvent.click(button('Move picture 3 earlier'));
    expect(shown()).toEqual(['/a.png', '/c.png', '/b.png']);
    fireEvent.click(button('Move picture 1 later'));
    expect(shown()).toEqual(['/c.png', '/a.png', '/b.png']);
  });

  it('removes an image', () => {
    render(
      <MantineProvider>
        <List start={['/a.png', '/b.png']} />
      </MantineProvider>,
    );
    fireEvent.click(button('Remove picture 1'));
    expect(shown()).toEqual(['/b.png']);
    fireEvent.click(button('Remove picture 1'));
    expect(screen.getByText('No pictures yet.')).toBeTruthy();
  });

  it('moves an item within a list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
