import type {
  BridgeMonitorView,
  BridgePairingCodeView,
  BridgeReadingView,
  BridgeView,
  BridgeWaveformView,
  CapturedWaveView,
} from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The Vigil Bridge's calls (issue 38): the office's bridges and their monitors, a one-time pairing
 * code, revoking a bridge, a bridge monitor charting into a case (or stopping), its live waveform
 * samples and a strip of them captured into the case.
 */

const MONITOR_FIELDS = 'bridgeId key label protocol lastReadingAt caseId intervalMs';
const FIELDS = `id name location pairedAt lastSeenAt revokedAt monitors { ${MONITOR_FIELDS} }`;

export async function fetchBridges(orgId: string): Promise<BridgeView[]> {
  const data = await graphql<{ bridges: BridgeView[] }>(
    `query Bridges($orgId: String) { bridges(orgId: $orgId) { ${FIELDS} } }`,
    { orgId },
  );
  return data.bridges;
}

/** A bridge monitor's latest readings, newest last (the test page polls it). */
export async function fetchBridgeMonitorReadings(
  orgId: string,
  monitor: Pick<BridgeMonitorView, 'bridgeId' | 'key'>,
): Promise<BridgeReadingView[]> {
  const data = await graphql<{ bridgeMonitorReadings: BridgeReadingView[] }>(
    'query BridgeMonitorReadings($orgId: String, $bridgeId: String!, $key: String!) { bridgeMonitorReadings(orgId: $orgId, bridgeId: $bridgeId, monitorKey: $key) { id receivedAt vitals { vital value } } }',
    { orgId, bridgeId: monitor.bridgeId, key: monitor.key },
  );
  return data.bridgeMonitorReadings;
}

export async function createPairingCode(orgId: string, location: string): Promise<BridgePairingCodeView> {
  const data = await graphql<{ createBridgePairingCode: BridgePairingCodeView }>(
    'mutation CreateBridgePairingCode($orgId: String, $location: String!) { createBridgePairingCode(orgId: $orgId, location: $location) { code location expiresAt } }',
    { orgId, location },
  );
  return data.createBridgePairingCode;
}

export async function revokeBridge(orgId: string, bridgeId: string): Promise<BridgeView> {
  const data = await graphql<{ revokeBridge: BridgeView }>(
    `mutation RevokeBridge($orgId: String, $bridgeId: String!) { revokeBridge(orgId: $orgId, bridgeId: $bridgeId) { ${FIELDS} } }`,
    { orgId, bridgeId },
  );
  return data.revokeBridge;
}

export async function chartBridgeMonitor(
  orgId: string,
  caseId: string,
  monitor: Pick<BridgeMonitorView, 'bridgeId' | 'key'>,
  intervalMs: number,
): Promise<BridgeMonitorView> {
  const data = await graphql<{ chartBridgeMonitor: BridgeMonitorView }>(
    `mutation ChartBridgeMonitor($orgId: String, $caseId: String!, $bridgeId: String!, $key: String!, $intervalMs: Float) { chartBridgeMonitor(orgId: $orgId, caseId: $caseId, bridgeId: $bridgeId, monitorKey: $key, intervalMs: $intervalMs) { ${MONITOR_FIELDS} } }`,
    { orgId, caseId, bridgeId: monitor.bridgeId, key: monitor.key, intervalMs },
  );
  return data.chartBridgeMonitor;
}

export async function stopBridgeMonitor(
  orgId: string,
  monitor: Pick<BridgeMonitorView, 'bridgeId' | 'key'>,
): Promise<boolean> {
  const data = await graphql<{ stopBridgeMonitor: boolean }>(
    'mutation StopBridgeMonitor($orgId: String, $bridgeId: String!, $key: String!) { stopBridgeMonitor(orgId: $orgId, bridgeId: $bridgeId, monitorKey: $key) }',
    { orgId, bridgeId: monitor.bridgeId, key: monitor.key },
  );
  return data.stopBridgeMonitor;
}

/** A bridge monitor's waveform samples of the last 20 s, oldest first (the case screen polls them). */
export async function fetchBridgeMonitorWaveforms(
  orgId: string,
  monitor: Pick<BridgeMonitorView, 'bridgeId' | 'key'>,
): Promise<BridgeWaveformView[]> {
  const data = await graphql<{ bridgeMonitorWaveforms: BridgeWaveformView[] }>(
    'query BridgeMonitorWaveforms($orgId: String, $bridgeId: String!, $key: String!) { bridgeMonitorWaveforms(orgId: $orgId, bridgeId: $bridgeId, monitorKey: $key) { type values sampleRateHz receivedAt } }',
    { orgId, bridgeId: monitor.bridgeId, key: monitor.key },
  );
  return data.bridgeMonitorWaveforms;
}

/** Captures the newest 18 s of a bridge monitor's wave into the case's waves (the server writes the strip). */
export async function captureBridgeWaveform(
  orgId: string,
  caseId: string,
  monitor: Pick<BridgeMonitorView, 'bridgeId' | 'key'>,
  type: string,
  notes: string | null,
): Promise<CapturedWaveView> {
  const data = await graphql<{ captureBridgeWaveform: CapturedWaveView }>(
    'mutation CaptureBridgeWaveform($orgId: String, $caseId: String!, $bridgeId: String!, $key: String!, $type: String!, $notes: String) { captureBridgeWaveform(orgId: $orgId, caseId: $caseId, bridgeId: $bridgeId, monitorKey: $key, type: $type, notes: $notes) { id name time type notes } }',
    { orgId, caseId, bridgeId: monitor.bridgeId, key: monitor.key, type, notes },
  );
  return data.captureBridgeWaveform;
}
