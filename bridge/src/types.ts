import type { MonitorReadingVital, MonitorVital } from '@vigil/shared';

/** A monitor the bridge reads: a serial port or an HL7 sender, with the name the office gave it. */
export interface BridgeMonitor {
  key: string;
  label: string;
  protocol: 'nonin' | 'masimo' | 'noninPleth' | 'hl7';
}

/** One reading as the bridge keeps and sends it: its own id, its monitor, when it arrived. */
export interface BridgeReading {
  id: string;
  monitorKey: string;
  receivedAt: number;
  vitals: Partial<Record<MonitorReadingVital, MonitorVital>>;
}

/** What `pair` keeps in the data folder (credential.json, readable by its owner only). */
export interface BridgeCredential {
  server: string;
  bridgeId: string;
  token: string;
  orgId: string;
  location: string;
}
