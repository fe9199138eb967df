// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useRowsShown } from './useRowsShown.js';

describe('useRowsShown', () => {
  it('renders the first rows of a long list at once and every row from the next task on', async () => {
    const { result } = renderHook(() => useRowsShown(24));
    expect(result.current).toBe(FIRST_ROWS);
    await waitFor(() => expect(result.current).toBe(24));
  });

  it('renders a short list whole from the start', () => {
    const { result } = renderHook(() => useRowsShown(FIRST_ROWS));
    expect(result.current).toBe(FIRST_ROWS);
  });

  it('renders rows added after the list is whole at once', async () => {
    const { result, rerender } = renderHook(({ total }) => useRowsShown(total), { initialProps: { total: 3 } });
    expect(result.current).toBe(3);
    rerender({ total: 30 });
    expect(result.current).toBe(FIRST_ROWS);
    await waitFor(() => expect(result.current).toBe(30));
    rerender({ total: 31 });
    expect(result.current).toBe(31);
  });
});
