// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseDocument, CaseDocumentState, CaseUser, OpenCaseOptions } from './caseDocument.js';

// The real CaseDocument (IndexedDB, websocket) is tested in caseDocument.test.ts and the e2e
// cold-start test; here only who opens, adopts and closes a case is under test.
const STATE = { device: 'saved' } as unknown as CaseDocumentState;
const opened: {
  options: OpenCaseOptions;
  close: ReturnType<typeof vi.fn>;
  setUser: ReturnType<typeof vi.fn>;
  /** Ends the read of the case's copy on this device. */
  read: () => void;
}[] = [];
vi.mock('./caseDocument.js', () => ({
  openCaseDocument: (options: OpenCaseOptions): CaseDocument => {
    let read = (): void => undefined;
    const loaded = new Promise<void>((resolve) => (read = resolve));
    const entry = { options, close: vi.fn(() => Promise.resolve()), setUser: vi.fn(), read: () => read() };
    opened.push(entry);
    return {
      loaded,
      close: entry.close,
      setUser: entry.setUser,
      subscribe: () => () => undefined,
      getState: () => STATE,
    } as unknown as CaseDocument;
  },
}));

const { EARLY_CASE_WAIT_MS, openCaseEarly, useCaseDocument, useCaseState } = await import('./useCaseDocument.js');

const user: CaseUser = { name: 'Dr. Ada Lane', role: 'provider', device: 'Operatory 2 tablet' };
let n = 0;
let docId = '';

beforeEach(() => {
  vi.useFakeTimers();
  opened.length = 0;
  // The early-open registry is module state: each test uses its own case.
  docId = `case-${++n}`;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('opening a case with the page (openCaseEarly)', () => {
  it("resolves once the case's copy on this device is read (main.tsx renders then)", async () => {
    let done = false;
    void openCaseEarly('org-1', docId).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    // Asked again (the same page start), it waits for the same read.
    let again = false;
    void openCaseEarly('org-1', docId).then(() => (again = true));
    expect(opened).toHaveLength(1);
    opened[0]!.read();
    await vi.waitFor(() => expect(done && again).toBe(true));
  });

  it('closes a case that no screen adopts within EARLY_CASE_WAIT_MS, and not before', () => {
    void openCaseEarly('org-1', docId);
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(EARLY_CASE_WAIT_MS - 1);
    expect(opened[0]!.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(opened[0]!.close).toHaveBeenCalledTimes(1);
  });

  it('gives the early case to the screen: one open, its first render has it, the user is set, no timed close', () => {
    void openCaseEarly('org-1', docId);
    const first: (CaseDocument | null)[] = [];
    const { result, unmount } = renderHook(() => {
      const r = useCaseDocument({ orgId: 'org-1', docId, user });
      first.push(r.kase);
      return r;
    });
    expect(first[0]).not.toBeNull();
    expect(opened).toHaveLength(1);
    expect(result.current.kase).toBe(first[0]);
    expect(opened[0]!.setUser).toHaveBeenCalledWith(user);
    act(() => {
      vi.advanceTimersByTime(EARLY_CASE_WAIT_MS * 2);
    });
    expect(opened[0]!.close).not.toHaveBeenCalled();
    unmount();
    expect(opened[0]!.close).toHaveBeenCalledTimes(1);
  });

  it('does not open a second copy of a case a screen already holds', () => {
    const { unmount } = renderHook(() => useCaseDocument({ orgId: 'org-1', docId, user }));
    expect(opened).toHaveLength(1);
    void openCaseEarly('org-1', docId);
    expect(opened).toHaveLength(1);
    unmount();
    // Once the screen is gone, a later page start on the case opens it again.
    void openCaseEarly('org-1', docId);
    expect(opened).toHaveLength(2);
  });

  it('opens a case the screen did not find early, and only that one', () => {
    void openCaseEarly('org-1', 'another-case');
    const { result } = renderHook(() => useCaseDocument({ orgId: 'org-1', docId, user }));
    expect(opened.map((o) => o.options.docId)).toEqual(['another-case', docId]);
    expect(result.current.kase).not.toBeNull();
    expect(opened[1]!.options.user).toEqual(user);
  });
});

describe('useCaseState', () => {
  it('re-renders only when the part of the state it picks changes', () => {
    let state = { device: 'saved', sync: { status: 'synced' } } as unknown as CaseDocumentState;
    const listeners = new Set<() => void>();
    const source = {
      getState: () => state,
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    const change = (patch: object): void => {
      state = { ...state, ...patch };
      act(() => listeners.forEach((l) => l()));
    };
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useCaseState(source, (s) => s.device === 'loading');
    });
    expect(result.current).toBe(false);
    const before = renders;
    // An edit: the sync status and the device save change, the part picked does not.
    change({ sync: { status: 'outOfSync' } });
    change({ device: 'saving' });
    change({ device: 'saved', sync: { status: 'synced' } });
    expect(renders).toBe(before);
    change({ device: 'loading' });
    expect(result.current).toBe(true);
    expect(renders).toBe(before + 1);
  });
});
