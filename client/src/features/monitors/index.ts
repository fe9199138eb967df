/** The monitors feature's surface for other features and the app (issue 38): they import it only through this file. */
export { MonitorConnect, SERIAL_PROTOCOLS, statusText, type MonitorConnectProps } from './MonitorConnect.js';
export { TestMonitorsPage } from './TestMonitorsPage.js';
export { DemoPage } from './DemoPage.js';
export { BridgesPage } from './BridgesPage.js';
export { BridgeMonitorPicker } from './BridgeMonitorPicker.js';
export { captureBridgeWaveform, fetchBridgeMonitorWaveforms, fetchBridges } from './bridgesApi.js';
