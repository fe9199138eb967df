import { createHl7Parser } from './hl7-stream.js';
import { createMasimoParser, MASIMO_ASCII1_NOTE, MASIMO_SERIAL } from './masimo.js';
import { createNoninParser, NONIN_SERIAL } from './nonin.js';
import { createNoninFormat2Parser, NONIN_FORMAT2_SERIAL } from './nonin-format2.js';
import type { MonitorProtocol, MonitorStreamParser } from './types.js';

/** Serial port settings in Web Serial's SerialOptions shape (baud, 8N1). */
export interface MonitorSerialSettings {
  readonly baudRate: number;
  readonly dataBits: 8;
  readonly parity: 'none';
  readonly stopBits: 1;
}

/** What a screen says about a protocol and how a driver opens it. */
export interface MonitorProtocolInfo {
  readonly label: string;
  /** A serial line (Web Serial, the bridge's serialport) or an MLLP listener on TCP (the bridge). */
  readonly transport: 'serial' | 'mllp';
  readonly serial: MonitorSerialSettings | null;
  /** A note the test page shows beside the protocol, else null. */
  readonly note: string | null;
}

/** The protocols as the test page and the drivers name and open them. */
export const MONITOR_PROTOCOL_INFO: Readonly<Record<MonitorProtocol, MonitorProtocolInfo>> = {
  nonin: { label: 'Nonin pulse oximeter (real-time ASCII)', transport: 'serial', serial: NONIN_SERIAL, note: null },
  masimo: {
    label: 'Masimo Rad-series pulse oximeter (ASCII 1)',
    transport: 'serial',
    serial: MASIMO_SERIAL,
    note: MASIMO_ASCII1_NOTE,
  },
  hl7: { label: 'HL7 v2 monitor or gateway (IHE PCD-01 over MLLP)', transport: 'mllp', serial: null, note: null },
  noninPleth: {
    label: 'Nonin OEM III / Xpod oximeter with pleth (data format 2)',
    transport: 'serial',
    serial: NONIN_FORMAT2_SERIAL,
    note: null,
  },
};

/** A fresh stream parser of a protocol (one per port or connection). */
export function createMonitorParser(protocol: MonitorProtocol): MonitorStreamParser {
  switch (protocol) {
    case 'nonin':
      return createNoninParser();
    case 'masimo':
      return createMasimoParser();
    case 'hl7':
      return createHl7Parser();
    case 'noninPleth':
      return createNoninFormat2Parser();
  }
}
