// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInvitation } from './api.js';

const invitation = (id: string): PendingInvitation => ({
  id,
  email: `${id}@example.com`,
  roles: ['member'],
  type: 'regular',
  invitedByName: 'Ann Admin',
  sentAt: 0,
  expiresAt: 0,
});

// Pages of two: the server's answers by cursor.
const fetchPendingInvitations = vi.fn((_orgId: string, after: string | null) =>
  Promise.resolve(
    after === null ? [invitation('inv-3'), invitation('inv-2')] : after === 'inv-2' ? [invitation('inv-1')] : [],
  ),
);
vi.mock('./api.js', () => ({ PENDING_INVITATIONS_PAGE: 2, fetchPendingInvitations }));

const { usePendingInvitations } = await import('./hooks.js');
const { invitationDates } = await import('./PendingInvitations.js');

describe('the members screen’s pending invitations (issue 35 item 15)', () => {
  it('loads the first page, then the next one after the last invitation shown, until a page is not full', async () => {
    const { result } = renderHook(() => usePendingInvitations('smile-dental', true));
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.data).toEqual({ items: [invitation('inv-3'), invitation('inv-2')], more: true });
    await act(() => result.current.loadMore());
    expect(fetchPendingInvitations).toHaveBeenLastCalledWith('smile-dental', 'inv-2');
    expect(result.current.data).toEqual({
      items: [invitation('inv-3'), invitation('inv-2'), invitation('inv-1')],
      more: false,
    });
  });

  it('asks nothing of a screen whose viewer may not administer the organisation', () => {
    fetchPendingInvitations.mockClear();
    const { result } = renderHook(() => usePendingInvitations('smile-dental', false));
    expect(result.current).toMatchObject({ data: null, loading: false });
    expect(fetchPendingInvitations).not.toHaveBeenCalled();
  });

  it('writes who sent it and both days, leaving the sender out once their account is gone', () => {
    const day = (ms: number): string => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
    const sentAt = Date.UTC(2026, 10, 28, 12);
    const expiresAt = Date.UTC(2026, 11, 5, 12);
    expect(invitationDates({ sentAt, expiresAt, invitedByName: 'Ann Admin' })).toBe(
      `Sent ${day(sentAt)} by Ann Admin · Expires ${day(expiresAt)}`,
    );
    expect(invitationDates({ sentAt, expiresAt, invitedByName: null })).toBe(
      `Sent ${day(sentAt)} · Expires ${day(expiresAt)}`,
    );
  });
});
