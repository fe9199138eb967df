import { describe, expect, it } from 'vitest';
import { Rerun } from './rerun.js';

/** A task that counts its runs and waits for `release` before each ends. */
function gated(): { task: () => Promise<void>; runs: () => number; release: () => void } {
  let runs = 0;
  let open: (() => void)[] = [];
  return {
    task: () => {
      runs += 1;
      return new Promise<void>((resolve) => open.push(resolve));
    },
    runs: () => runs,
    release: () => {
      const waiting = open;
      open = [];
      for (const r of waiting) r();
    },
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Rerun (a room’s catch-up, the sockets’ re-authorisation)', () => {
  it('runs once more after a run that was asked for again, however many asked, and gives every caller that promise', async () => {
    const g = gated();
    const rerun = new Rerun(g.task);
    const first = rerun.run();
    expect([rerun.run(), rerun.run()]).toEqual([first, first]);
    expect(g.runs()).toBe(1);
    g.release();
    await turn();
    expect(g.runs()).toBe(2);
    g.release();
    await first;
    expect(g.runs()).toBe(2);
    // Idle again: the next ask starts a run of its own.
    const next = rerun.run();
    expect(next).not.toBe(first);
    g.release();
    await next;
    expect(g.runs()).toBe(3);
  });

  it('asks nothing more once stopped', async () => {
    const g = gated();
    let stopped = false;
    const rerun = new Rerun(g.task, () => stopped);
    const run = rerun.run();
    void rerun.run();
    stopped = true;
    g.release();
    await run;
    expect(g.runs()).toBe(1);
  });
});
