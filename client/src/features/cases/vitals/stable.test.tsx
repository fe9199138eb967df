// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStableValue } from './stable.js';

describe('useStableValue', () => {
  it('keeps the same reference while the content is equal, and takes a changed one', () => {
    const first = [{ id: 'a', v: 1 }];
    const { result, rerender } = renderHook(({ v }) => useStableValue(v), { initialProps: { v: first } });
    rerender({ v: [{ id: 'a', v: 1 }] });
    expect(result.current).toBe(first);
    const changed = [{ id: 'a', v: 2 }];
    rerender({ v: changed });
    expect(result.current).toBe(changed);
  });
});
