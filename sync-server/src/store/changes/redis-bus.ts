import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MemoryChangeBus } from './bus.js';
import type { Change, ChangeBus, Committed } from './types.js';

/** What one instance tells the others: the change only (a subscriber elsewhere reads the version from storage). */
interface Message {
  from: string;
  change: Change;
}

/**
 * The change bus across instances (issue 43): a change committed by this instance reaches its own
 * subscribers at once, with the resource as written, and every other instance's through Redis
 * pub/sub on one channel, without it (ChangeDetail). Redis carries announcements, never data: an
 * instance that misses one (its connection dropped, Redis restarted) loses nothing, because every
 * consumer reads from its cursor in the feed and every SSE stream from its Last-Event-ID.
 *
 * Pub/sub keeps one publisher's order, so another instance hears this one's changes in commit
 * order; changes of two instances interleave as they reach Redis (their seqs still tell the order).
 */
export class RedisChangeBus implements ChangeBus {
  private readonly local: MemoryChangeBus;
  private readonly instance = randomUUID();
  private readonly subscribed: Promise<void>;

  /**
   * `publisher` is any connection; `subscriber` one of its own (a subscribed Redis connection
   * takes no other commands).
   */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel = 'vigil:changes',
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.local = new MemoryChangeBus(onError);
    subscriber.on('message', (from: string, text: string) => {
      if (from === this.channel) this.heard(text);
    });
    this.subscribed = subscriber.subscribe(channel).then(() => undefined);
  }

  /** Resolves once this instance hears the others. */
  ready(): Promise<void> {
    return this.subscribed;
  }

  publish(committed: Committed): void {
    this.local.publish(committed);
    const message: Message = { from: this.instance, change: committed.change };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(this.onError);
  }

  subscribe(listener: (committed: Committed) => void): () => void {
    return this.local.subscribe(listener);
  }

  /** Closes both connections. */
  close(): void {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private heard(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch (err) {
      this.onError(err);
      return;
    }
    // Its own changes reached its subscribers when it published them.
    if (message.from !== this.instance) this.local.publish({ change: message.change, detail: { remote: true } });
  }
}
