export { DiskBuffer } from './buffer.js';
export { listenHl7, type Hl7Listener, type Hl7Reading } from './hl7.js';
export { pair, readCredential, startBridge, type BridgeOptions, type RunningBridge } from './bridge.js';
export { Sender } from './sender.js';
export type * from './types.js';
