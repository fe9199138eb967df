// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import { usePagedList } from './usePagedList.js';

const row = (cursor: string): { cursor: string } => ({ cursor });

describe('a team list read a page at a time', () => {
  it('reads the first page, then the page after its last row, and stops at a short page', async () => {
    const pages: Record<string, { cursor: string }[]> = { first: [row('a'), row('b')], b: [row('c')] };
    const fetch = vi.fn((after: string | null) => Promise.resolve(pages[after ?? 'first'] ?? []));
    const { result } = renderHook(() => usePagedList(fetch, 2));
    await waitFor(() => expect(result.current.rows.map((r) => r.cursor)).toEqual(['a', 'b']));
    expect(result.current.last).toBe(false);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows.map((r) => r.cursor)).toEqual(['a', 'b', 'c']));
    expect(result.current.last).toBe(true);
    expect(fetch.mock.calls.map(([after]) => after)).toEqual([null, 'b']);
  });

  it('keeps the rows read and says why when the next page fails', async () => {
    const fetch = vi.fn((after: string | null) =>
      after === null ? Promise.resolve([row('a'), row('b')]) : Promise.reject(new RequestError('NETWORK_ERROR')),
    );
    const { result } = renderHook(() => usePagedList(fetch, 2));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error).toBe('NETWORK_ERROR'));
    expect(result.current.rows).toHaveLength(2);
  });
});
