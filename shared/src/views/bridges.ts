import { z } from 'zod';

/*
 * The Vigil Bridge (issue 38 "The Vigil Bridge"): the organisation's paired bridges with their
 * monitors, as the bridges query answers them, and a one-time pairing code as an administrator
 * creates it (shown once).
 */

/** A monitor a bridge reads, and the case it charts into when a provider picked it. */
export const bridgeMonitorViewSchema = z.object({
  bridgeId: z.string(),
  key: z.string(),
  label: z.string(),
  protocol: z.string(),
  lastReadingAt: z.number().nullable(),
  caseId: z.string().nullable(),
  intervalMs: z.number().nullable(),
});

/** A paired bridge: where it is, when it was paired and last called, revoked or not. */
export const bridgeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  pairedAt: z.number(),
  lastSeenAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  monitors: z.array(bridgeMonitorViewSchema),
});

/** A pairing code as created: the code itself (never kept by the server), its location and expiry. */
export const bridgePairingCodeViewSchema = z.object({
  code: z.string(),
  location: z.string(),
  expiresAt: z.number(),
});

/** One value of a bridge reading: null where the monitor sent the vital blank. */
export const bridgeReadingVitalSchema = z.object({ vital: z.string(), value: z.number().nullable() });

/**
 * A reading a bridge monitor sent lately (the test page's live view): its id, when it was read and
 * its values; kept by the server in memory, newest last.
 */
export const bridgeReadingViewSchema = z.object({
  id: z.string(),
  receivedAt: z.number(),
  vitals: z.array(bridgeReadingVitalSchema),
});

/**
 * Samples of one wave type a bridge monitor streamed lately (issue 38, session 30): the case
 * screen draws them live and a provider captures a strip from them. Kept in the server's memory.
 */
export const bridgeWaveformViewSchema = z.object({
  type: z.string(),
  values: z.array(z.number()),
  sampleRateHz: z.number(),
  receivedAt: z.number(),
});

/** A strip captured from a bridge monitor into the case's waves (spec 002 §3 captured waveform, its svg left out). */
export const capturedWaveViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  time: z.number(),
  type: z.string(),
  notes: z.string().nullable(),
});

export type BridgeWaveformView = z.infer<typeof bridgeWaveformViewSchema>;
export type CapturedWaveView = z.infer<typeof capturedWaveViewSchema>;
export type BridgeReadingView = z.infer<typeof bridgeReadingViewSchema>;
export type BridgeMonitorView = z.infer<typeof bridgeMonitorViewSchema>;
export type BridgeView = z.infer<typeof bridgeViewSchema>;
export type BridgePairingCodeView = z.infer<typeof bridgePairingCodeViewSchema>;
