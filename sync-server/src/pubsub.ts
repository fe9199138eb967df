import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Publish/subscribe between the instances serving one deployment (issue 43): the sync rooms'
 * relay, the organisations' live summaries and the session-ended signal travel on it. It carries
 * announcements and copies, never data of record: a subscriber that misses messages (its
 * connection dropped) is told when it is back (`onResumed`) and reads what it missed from storage.
 */
export interface PubSub {
  /** Hears a channel until the answered function is called; resolves once subscribed. */
  subscribe(channel: string, listener: (message: Uint8Array) => void): Promise<() => void>;
  /** Resolves to how many subscriptions received it (every instance's, this one's too). */
  publish(channel: string, message: Uint8Array): Promise<number>;
  /** Called each time the subscription came back after a loss (messages in between are lost). */
  onResumed(listener: () => void): void;
  close(): void;
}

type Listener = (message: Uint8Array) => void;

/** Subscriptions counted per channel: the first listener subscribes, the last one leaving unsubscribes. */
class Listeners {
  readonly byChannel = new Map<string, Set<Listener>>();

  add(channel: string, listener: Listener): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return first;
  }

  /** True when the channel has no listener left. */
  remove(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, message: Uint8Array, onError: (err: unknown) => void): void {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch (err) {
        onError(err);
      }
    }
  }
}

/**
 * Redis pub/sub (REDIS_URL): `publisher` is any connection, `subscriber` one of its own (a
 * subscribed connection takes no other commands). ioredis reconnects by itself; when the
 * subscriber is ready again after a loss, every channel is subscribed again and `onResumed` runs.
 */
export class RedisPubSub implements PubSub {
  private readonly listeners = new Listeners();
  private readonly resumed = new Set<() => void>();
  private lost = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.listeners.deliver(channel.toString(), new Uint8Array(message), onError),
    );
    subscriber.on('close', () => (this.lost = true));
    subscriber.on('ready', () => {
      if (!this.lost) return;
      this.lost = false;
      void this.resubscribe();
    });
  }

  private async resubscribe(): Promise<void> {
    const channels = [...this.listeners.byChannel.keys()];
    try {
      // Subscribed again before anything is read from storage: what commits after is heard.
      if (channels.length > 0) await this.subscriber.subscribe(...channels);
    } catch (err) {
      this.onError(err);
    }
    for (const listener of [...this.resumed]) listener();
  }

  async subscribe(channel: string, listener: Listener): Promise<() => void> {
    if (this.listeners.add(channel, listener)) await this.subscriber.subscribe(channel);
    return () => {
      if (this.listeners.remove(channel, listener)) this.subscriber.unsubscribe(channel).catch(this.onError);
    };
  }

  publish(channel: string, message: Uint8Array): Promise<number> {
    return this.publisher.publish(channel, Buffer.from(message)).catch((err: unknown) => {
      this.onError(err);
      return 0;
    });
  }

  onResumed(listener: () => void): void {
    this.resumed.add(listener);
  }

  close(): void {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

/**
 * One process's stand-in for Redis in unit tests: every MemoryPubSub made from one hub hears the
 * others, each message delivered asynchronously as Redis would; `drop` makes one stop hearing
 * (a lost connection) until `resume`.
 */
export class MemoryPubSubHub {
  private readonly members = new Set<MemoryPubSub>();

  connect(): MemoryPubSub {
    const member = new MemoryPubSub(this);
    this.members.add(member);
    return member;
  }

  deliver(channel: string, message: Uint8Array): number {
    let receivers = 0;
    for (const member of this.members) if (member.hear(channel, message)) receivers += 1;
    return receivers;
  }

  leave(member: MemoryPubSub): void {
    this.members.delete(member);
  }
}

export class MemoryPubSub implements PubSub {
  readonly id = randomUUID();
  private readonly listeners = new Listeners();
  private readonly resumed = new Set<() => void>();
  private down = false;

  constructor(private readonly hub: MemoryPubSubHub) {}

  /** Whether this member hears the channel now. */
  hear(channel: string, message: Uint8Array): boolean {
    if (this.down || !this.listeners.byChannel.has(channel)) return false;
    setImmediate(() => {
      if (!this.down) this.listeners.deliver(channel, message, () => undefined);
    });
    return true;
  }

  subscribe(channel: string, listener: Listener): Promise<() => void> {
    this.listeners.add(channel, listener);
    return Promise.resolve(() => void this.listeners.remove(channel, listener));
  }

  publish(channel: string, message: Uint8Array): Promise<number> {
    return Promise.resolve(this.hub.deliver(channel, message));
  }

  onResumed(listener: () => void): void {
    this.resumed.add(listener);
  }

  /** Stops hearing, as a dropped connection. */
  drop(): void {
    this.down = true;
  }

  /** Hears again, and (unless `silently`) tells the listeners that messages may have been lost. */
  resume(silently = false): void {
    this.down = false;
    if (!silently) for (const listener of [...this.resumed]) listener();
  }

  close(): void {
    this.hub.leave(this);
  }
}
