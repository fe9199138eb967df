// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SECTIONS, useSectionsMounted } from './useSectionsMounted.js';

describe('useSectionsMounted', () => {
  it('mounts the first sections at once and nothing more while the case is opening', async () => {
    const { result } = renderHook(() => useSectionsMounted(false, 14));
    expect(result.current).toBe(FIRST_SECTIONS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(FIRST_SECTIONS);
  });

  it('mounts the rest one after another once the case is open, up to the last section', async () => {
    const { result, rerender } = renderHook(({ ready }) => useSectionsMounted(ready, 14), {
      initialProps: { ready: false },
    });
    rerender({ ready: true });
    await waitFor(() => expect(result.current).toBe(14));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(14);
  });
});
