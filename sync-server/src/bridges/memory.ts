import { randomUUID } from 'node:crypto';
import { bridgeReadingViewSchema, type BridgeReadingView } from '@vigil/shared';
import { z } from 'zod';
import type { PubSub } from '../pubsub.js';
import type { Delivery } from './delivery.js';
import { waveformDeliverySchema } from './waves.js';

/*
 * What the server remembers of the bridges' latest deliveries for the screens (issue 38), and how
 * the instances serving one deployment share it (issue 43; docs/decisions.md, session 32). Each
 * monitor's latest readings (the test page) and waves (the case screen's live wave and its
 * 'Capture strip', waves.ts) are held in memory, never stored. With several instances a bridge
 * delivers to one of them while a tablet polls another, so every delivery is relayed to every
 * instance, which keeps its own copy. Copies only: a lost message costs a moment of a live view,
 * never a charted reading, which goes through the case document as every edit does.
 */

/** How many of a monitor's latest readings the server keeps in memory for the test page. */
export const RECENT_READINGS_KEPT = 20;

const monitorKey = z.string().min(1).max(200);
const bridgeId = z.string().min(1).max(100);

/** A delivery as one instance tells the others (checked again when heard: Redis is not trusted with shapes). */
const relayedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('readings'),
    bridgeId,
    readings: z.array(z.object({ monitorKey, reading: bridgeReadingViewSchema })),
  }),
  z.object({
    kind: z.literal('waves'),
    bridgeId,
    at: z.number().int(),
    waveforms: waveformDeliverySchema.shape.waveforms,
  }),
]);
export type RelayedDelivery = z.infer<typeof relayedSchema>;
/** A reading of one of a bridge's monitors. */
export interface MonitorReading {
  monitorKey: string;
  reading: BridgeReadingView;
}

/** The relay between instances (REDIS_URL); absent for one instance. */
export interface BridgeMemoryRelay {
  /** Tells the other instances of a delivery this one took. */
  publish(message: RelayedDelivery): void;
  /** Hears the deliveries the other instances took (never this one's own). */
  hear(listener: (message: RelayedDelivery) => void): void;
}

/** The relay over the instances' publish/subscribe (pubsub.ts), on one channel. */
export function pubSubBridgeRelay(pubsub: PubSub, channel: string, onError: (err: unknown) => void): BridgeMemoryRelay {
  // Every instance hears its own publications too: each message names its sender.
  const self = randomUUID();
  const envelope = z.object({ from: z.string(), message: relayedSchema });
  return {
    publish: (message) =>
      void pubsub.publish(channel, new TextEncoder().encode(JSON.stringify({ from: self, message }))).catch(onError),
    hear: (listener) =>
      void pubsub
        .subscribe(channel, (bytes) => {
          let json: unknown;
          try {
            json = JSON.parse(new TextDecoder().decode(bytes));
          } catch (err) {
            return onError(err);
          }
          const parsed = envelope.safeParse(json);
          if (!parsed.success)
            return onError(new Error(`a bridge delivery relayed unreadable: ${parsed.error.message}`));
          if (parsed.data.from !== self) listener(parsed.data.message);
        })
        .catch(onError),
  };
}

/** A delivery's readings as the test page shows them: each value, null where the monitor sent it blank. */
export function readingViews(delivery: Delivery): MonitorReading[] {
  return delivery.readings.map((r) => ({
    monitorKey: r.monitorKey,
    reading: {
      id: r.id,
      receivedAt: r.receivedAt,
      vitals: Object.entries(r.vitals).map(([vital, v]) => ({ vital, value: v?.value ?? null })),
    },
  }));
}

/** Each bridge monitor's latest readings, newest last (at most RECENT_READINGS_KEPT; a reading sent again once). */
export class RecentReadings {
  private readonly byMonitor = new Map<string, BridgeReadingView[]>();

  keep(bridgeId: string, readings: readonly MonitorReading[]): void {
    for (const { monitorKey, reading } of readings) {
      const key = `${bridgeId}\u0000${monitorKey}`;
      const kept = this.byMonitor.get(key) ?? [];
      if (kept.some((k) => k.id === reading.id)) continue;
      kept.push(reading);
      kept.sort((a, b) => a.receivedAt - b.receivedAt);
      this.byMonitor.set(key, kept.slice(-RECENT_READINGS_KEPT));
    }
  }

  of(bridgeId: string, monitorKey: string): BridgeReadingView[] {
    return this.byMonitor.get(`${bridgeId}\u0000${monitorKey}`) ?? [];
  }
}
