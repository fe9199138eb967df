import type {
  BridgeMonitorView,
  BridgePairingCodeView,
  BridgeReadingView,
  BridgeView,
  BridgeWaveformView,
  CapturedWaveView,
} from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The Vigil Bridge (issue 38; /org/{orgId}/monitors): the office's paired bridges and their
 * monitors, a one-time pairing code, revoking a bridge, and a bridge monitor charting into a case.
 * Thin resolvers over BridgeService; the bridge itself calls /api/bridge/… (routes/bridge.ts).
 */
export const bridgeTypeDefs = /* GraphQL */ `
  "A monitor a bridge reads, and the case it charts into when a provider picked it (times in epoch ms)."
  type BridgeMonitor {
    bridgeId: String!
    key: String!
    label: String!
    "nonin, masimo or hl7."
    protocol: String!
    lastReadingAt: Float
    caseId: String
    intervalMs: Float
  }

  "A paired Vigil Bridge (times in epoch ms); revokedAt set once revoked."
  type Bridge {
    id: String!
    name: String!
    location: String!
    pairedAt: Float!
    lastSeenAt: Float
    revokedAt: Float
    monitors: [BridgeMonitor!]!
  }

  "One value of a bridge reading: vital is hr, spo2, sbp, dbp, map, rr, etco2, temp or pi; value null when sent blank."
  type BridgeReadingVital {
    vital: String!
    value: Float
  }

  "A reading a bridge monitor sent lately (receivedAt in epoch ms)."
  type BridgeReading {
    id: String!
    receivedAt: Float!
    vitals: [BridgeReadingVital!]!
  }

  "Samples of one wave type a bridge monitor streamed (type pleth, etco2, respirogram or an ECG lead; receivedAt in epoch ms)."
  type BridgeWaveform {
    type: String!
    values: [Float!]!
    sampleRateHz: Float!
    receivedAt: Float!
  }

  "A strip captured into the case's waves (time in epoch ms; the svg is in the case document)."
  type CapturedWave {
    id: String!
    name: String!
    time: Float!
    type: String!
    notes: String
  }

  "A one-time pairing code, shown once; it expires at expiresAt (epoch ms)."
  type BridgePairingCode {
    code: String!
    location: String!
    expiresAt: Float!
  }

  extend type Query {
    "The office's bridges with their monitors: its members read them."
    bridges(orgId: String): [Bridge!]!
    "A bridge monitor's latest readings (at most 20, newest last), for the test page: its members."
    bridgeMonitorReadings(orgId: String, bridgeId: String!, monitorKey: String!): [BridgeReading!]!
    "A bridge monitor's waveform samples of the last 20 s (of one type when given), oldest first: its members."
    bridgeMonitorWaveforms(orgId: String, bridgeId: String!, monitorKey: String!, type: String): [BridgeWaveform!]!
  }

  extend type Mutation {
    "A one-time pairing code for a location of the office (10 minutes); whoever administers the organization."
    createBridgePairingCode(orgId: String, location: String!): BridgePairingCode!
    "Revokes a bridge: its credential is refused at once; whoever administers the organization."
    revokeBridge(orgId: String, bridgeId: String!): Bridge!
    "A bridge monitor charts into a case of the office from now on, every intervalMs (5000, 15000, 30000, 60000; 15000 when not given); its members."
    chartBridgeMonitor(
      orgId: String
      caseId: String!
      bridgeId: String!
      monitorKey: String!
      intervalMs: Float
    ): BridgeMonitor!
    "A bridge monitor stops charting; its members. Answers whether it was charting."
    stopBridgeMonitor(orgId: String, bridgeId: String!, monitorKey: String!): Boolean!
    "Captures the newest 18 s of a bridge monitor's wave into a case's waves; its members; an ECG lead only on a plan with waveform capture."
    captureBridgeWaveform(
      orgId: String
      caseId: String!
      bridgeId: String!
      monitorKey: String!
      type: String!
      notes: String
    ): CapturedWave!
  }
`;

export const bridgeResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    bridges: async (_, args, ctx): Promise<BridgeView[]> =>
      ctx.services.bridges.list(await ctx.caller(), graphqlArgs(args)),
    bridgeMonitorReadings: async (_, args, ctx): Promise<BridgeReadingView[]> =>
      ctx.services.bridges.recentReadings(await ctx.caller(), graphqlArgs(args)),
    bridgeMonitorWaveforms: async (_, args, ctx): Promise<BridgeWaveformView[]> =>
      ctx.services.bridges.recentWaveforms(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    createBridgePairingCode: async (_, args, ctx): Promise<BridgePairingCodeView> =>
      ctx.services.bridges.createPairingCode(await ctx.caller(), graphqlArgs(args)),
    revokeBridge: async (_, args, ctx): Promise<BridgeView> =>
      ctx.services.bridges.revoke(await ctx.caller(), graphqlArgs(args)),
    chartBridgeMonitor: async (_, args, ctx): Promise<BridgeMonitorView> =>
      ctx.services.bridges.assign(await ctx.caller(), graphqlArgs(args)),
    stopBridgeMonitor: async (_, args, ctx): Promise<boolean> =>
      ctx.services.bridges.unassign(await ctx.caller(), graphqlArgs(args)),
    captureBridgeWaveform: async (_, args, ctx): Promise<CapturedWaveView> =>
      ctx.services.bridges.captureWaveform(await ctx.caller(), graphqlArgs(args)),
  }),
};
