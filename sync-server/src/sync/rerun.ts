/**
 * A task run one at a time that is never passed over: asked while it runs, it runs once more after
 * (what changed meanwhile may have been read already), however many asked, and every caller gets
 * the promise of the runs that cover its ask. `stopped` ends the reruns (a room destroyed, a
 * transport closed). A run that throws ends them too: the task handles its own failures.
 */
export class Rerun {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly stopped: () => boolean = () => false,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const runs = async (): Promise<void> => {
      do {
        this.again = false;
        await this.task();
      } while (this.again && !this.stopped());
    };
    this.running = runs().finally(() => (this.running = null));
    return this.running;
  }
}
