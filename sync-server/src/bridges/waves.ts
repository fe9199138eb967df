import * as Y from 'yjs';
import {
  BRIDGE_WAVEFORM_LIMITS,
  ECG_CAPTURE_NOT_IN_PLAN,
  isSafeWaveSvg,
  latestWaveform,
  newId,
  waveCaptureEntitlement,
  waveformStripSvg,
  WAVE_STRIP,
  WAVE_TYPES,
  type BridgeWaveform,
  type BridgeWaveformView,
  type CapturedWaveView,
  type WaveEntry,
  type WaveType,
} from '@vigil/shared';
import { z } from 'zod';
import type { Entitlements } from '../access/entitlements.js';
import { AppError, refuse } from '../errors.js';
import type { BridgeRow, BridgeStore } from '../store/bridges/types.js';
import type { DocumentRooms } from '../sync/documents.js';
import { caseAddress } from './delivery.js';

/*
 * Waveforms from a bridge's monitors (issue 38, session 30; docs/decisions.md): the bridge relays
 * the samples it parsed (POST /api/bridge/waveforms, its credential), the server checks them at
 * the edge (MON23's bounds, the bridge's own organisation, at most a delivery every half second)
 * and keeps each monitor's newest 20 s in this process's memory, as the tablet's Web Serial path
 * keeps them in the tablet's (client/src/devices/liveWaveforms.ts). Nothing is written to the
 * case until a provider captures a strip: the same wave entry the tablet's 'Capture monitor
 * strip' stores (shared's waveformStripSvg, the wave svg rule), written by the rooms' server
 * write. An ECG strip needs the plan's waveform capture (MON22).
 */

const { maxSegments, maxSamplesPerSegment, maxSamplesPerDelivery, maxSampleRateHz, sendEveryMs, keepMs } =
  BRIDGE_WAVEFORM_LIMITS;
/** Samples the server keeps a monitor (20 s of a 12-lead 500 Hz ECG and its pleth fit). */
const MAX_KEPT_SAMPLES = 150_000;
/**
 * Monitors whose waves the server keeps a bridge (session 31, docs/decisions.md): an office
 * computer reads a few operatories' monitors; a bridge announcing more cannot grow this process's
 * memory past this many times MAX_KEPT_SAMPLES. The monitor that delivered least lately is dropped.
 */
export const BRIDGE_WAVE_MONITORS_KEPT = 8;

const monitorKey = z.string().min(1).max(200);

/** A waveform delivery: the bridge's organisation (as its credential says), its monitors, the segments. */
export const waveformDeliverySchema = z.object({
  orgId: z.string().min(1).max(100),
  monitors: z
    .array(z.object({ key: monitorKey, label: z.string().trim().min(1).max(100), protocol: z.string().max(20) }))
    .max(50)
    .default([]),
  waveforms: z
    .array(
      z.object({
        monitorKey,
        type: z.enum(WAVE_TYPES),
        values: z.array(z.number().finite()).min(1).max(maxSamplesPerSegment),
        sampleRateHz: z.number().positive().max(maxSampleRateHz),
        receivedAt: z.number().int(),
      }),
    )
    .max(maxSegments),
});
export type WaveformDelivery = z.infer<typeof waveformDeliverySchema>;

const captureArgs = z.object({
  caseId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/),
  bridgeId: z.string().min(1).max(100),
  monitorKey,
  type: z.enum(WAVE_TYPES),
  notes: z.string().max(2000).nullish(),
});
const recentArgs = z.object({ bridgeId: z.string().min(1).max(100), monitorKey, type: z.enum(WAVE_TYPES).nullish() });
export type CaptureArgs = z.infer<typeof captureArgs>;
export { captureArgs, recentArgs };

/** The label a captured strip is named by (as the case screen's waveLabel). */
const waveName = (type: WaveType): string =>
  type === 'pleth' ? 'Pleth' : type === 'etco2' ? 'EtCO2' : type === 'respirogram' ? 'Respirogram' : `ECG ${type}`;

export interface BridgeWavesDeps {
  store: Pick<BridgeStore, 'seen' | 'monitors' | 'putMonitors'>;
  entitlements?: Pick<Entitlements, 'planHas'>;
  rooms: Pick<DocumentRooms, 'seal'>;
  now: () => number;
}

/**
 * Each bridge monitor's newest waveform samples, and the bridges' last delivery times: this
 * process's memory, with the other instances' deliveries relayed into it (memory.ts).
 */
export class BridgeWaves {
  /** By bridge, its monitors' samples, the monitor that delivered least lately first (at most BRIDGE_WAVE_MONITORS_KEPT). */
  private readonly kept = new Map<string, Map<string, BridgeWaveform[]>>();
  private readonly lastDelivery = new Map<string, number>();

  constructor(private readonly deps: BridgeWavesDeps) {}

  /**
   * A bridge's waveform delivery (already authenticated): refused when it names another
   * organisation than the bridge's (403 NOT_AUTHORIZED), holds more samples than a delivery may
   * (413 WAVEFORMS_TOO_LARGE) or comes sooner than half a send interval after the last (429
   * WAVEFORMS_TOO_FREQUENT); else its monitors are noted and its samples kept.
   */
  async deliver(bridge: BridgeRow, delivery: WaveformDelivery): Promise<{ taken: number }> {
    if (delivery.orgId !== bridge.orgId) refuse('NOT_AUTHORIZED');
    const samples = delivery.waveforms.reduce((n, w) => n + w.values.length, 0);
    if (samples > maxSamplesPerDelivery) {
      throw new AppError(413, 'WAVEFORMS_TOO_LARGE', `A delivery holds at most ${maxSamplesPerDelivery} samples.`);
    }
    const now = this.deps.now();
    const last = this.lastDelivery.get(bridge.id);
    if (last !== undefined && now - last < sendEveryMs / 2) {
      throw new AppError(429, 'WAVEFORMS_TOO_FREQUENT', `At most one waveform delivery every ${sendEveryMs} ms.`);
    }
    this.lastDelivery.set(bridge.id, now);
    await this.deps.store.seen(bridge.id, now);
    const known = new Set((await this.deps.store.monitors([bridge.id])).map((m) => m.key));
    const named = new Map(delivery.monitors.map((m) => [m.key, m]));
    const fresh = [...new Set(delivery.waveforms.map((w) => w.monitorKey))].filter((k) => !known.has(k));
    if (fresh.length > 0) {
      await this.deps.store.putMonitors(
        bridge.id,
        fresh.map((key) => ({
          key,
          label: named.get(key)?.label ?? key,
          protocol: named.get(key)?.protocol ?? 'unknown',
          lastReadingAt: null,
        })),
      );
    }
    for (const w of delivery.waveforms) this.keep(bridge.id, w);
    return { taken: delivery.waveforms.length };
  }

  /**
   * A delivery another instance took (memory.ts), already checked there: its samples kept here too,
   * and its time counted for the pace, so a bridge cannot deliver twice as often by alternating instances.
   */
  keepRelayed(bridgeId: string, at: number, waveforms: readonly BridgeWaveform[]): void {
    this.lastDelivery.set(bridgeId, Math.max(this.lastDelivery.get(bridgeId) ?? at, at));
    for (const w of waveforms) this.keep(bridgeId, w);
  }

  /** A monitor's kept samples (of one type when given), oldest first. */
  recent(bridgeId: string, key: string, type?: WaveType | null): BridgeWaveformView[] {
    const kept = this.kept.get(bridgeId)?.get(key) ?? [];
    return kept
      .filter((w) => type == null || w.type === type)
      .map((w) => ({ type: w.type, values: [...w.values], sampleRateHz: w.sampleRateHz, receivedAt: w.receivedAt }));
  }

  /**
   * Captures the newest 18 s of a bridge monitor's wave into a case of the bridge's organisation
   * (the caller was authorized for `orgId`, the bridge checked to be that organisation's): the
   * wave entry the tablet's capture stores. PLAN_REQUIRED for an ECG lead when the plan lacks
   * waveform capture (MON22); NO_WAVEFORM when the monitor sent none of that type lately;
   * FINALIZED, CASE_NOT_OPENED as charting.
   */
  async capture(orgId: string, bridge: BridgeRow, input: CaptureArgs): Promise<CapturedWaveView> {
    const needs = waveCaptureEntitlement(input.type);
    if (needs && this.deps.entitlements && !(await this.deps.entitlements.planHas(orgId, needs))) {
      throw new AppError(403, 'PLAN_REQUIRED', ECG_CAPTURE_NOT_IN_PLAN);
    }
    const kept = this.kept.get(bridge.id)?.get(input.monitorKey) ?? [];
    const wave = latestWaveform(kept, input.type, WAVE_STRIP.secondsPerRow * WAVE_STRIP.maxRows);
    const svg = wave ? waveformStripSvg(input.type, wave.values, wave.sampleRateHz) : null;
    if (!svg || !isSafeWaveSvg(svg)) {
      throw new AppError(409, 'NO_WAVEFORM', `The monitor has sent no ${waveName(input.type)} in the last 20 s.`);
    }
    const entry: WaveEntry = {
      id: newId('wav'),
      name: `${waveName(input.type)} (monitor)`,
      time: this.deps.now(),
      type: input.type,
      svg,
      notes: input.notes?.trim() || null,
    };
    const sealed = await this.deps.rooms.seal(caseAddress(orgId, input.caseId));
    try {
      if (sealed.finalized) throw new AppError(409, 'FINALIZED', 'The case is finalized.');
      await sealed.write((root) => {
        const waves = root.get('waves');
        if (!(waves instanceof Y.Array)) {
          throw new AppError(409, 'CASE_NOT_OPENED', 'The case has not been opened on a device yet.');
        }
        waves.push([entry]);
      });
    } finally {
      sealed.release();
    }
    return { id: entry.id, name: entry.name, time: entry.time, type: entry.type, notes: entry.notes ?? null };
  }

  /**
   * Keeps a segment: the monitor's samples of the last `keepMs` (by the newest's time), at most
   * MAX_KEPT_SAMPLES; the bridge's monitor that delivered least lately is forgotten when it has
   * more than BRIDGE_WAVE_MONITORS_KEPT.
   */
  private keep(bridgeId: string, w: BridgeWaveform): void {
    const monitors = this.kept.get(bridgeId) ?? new Map<string, BridgeWaveform[]>();
    this.kept.set(bridgeId, monitors);
    const all = [...(monitors.get(w.monitorKey) ?? []), w].sort((a, b) => a.receivedAt - b.receivedAt);
    const newest = all.at(-1)!.receivedAt;
    let total = 0;
    const kept: BridgeWaveform[] = [];
    for (let i = all.length - 1; i >= 0; i--) {
      const s = all[i]!;
      if (s.receivedAt < newest - keepMs || total + s.values.length > MAX_KEPT_SAMPLES) break;
      total += s.values.length;
      kept.unshift(s);
    }
    // Set last: the map's order is the monitors' by their latest delivery.
    monitors.delete(w.monitorKey);
    monitors.set(w.monitorKey, kept);
    for (const stale of monitors.keys()) {
      if (monitors.size <= BRIDGE_WAVE_MONITORS_KEPT) break;
      monitors.delete(stale);
    }
  }
}
