/*
 * Patient monitor protocols (issue 38): pure stream parsers, bytes in, readings out, used by the
 * browser's serial path (client/src/devices) and by the Vigil Bridge alike.
 */
export * from './types.js';
export { MAX_LINE_BYTES, latin1Bytes, latin1Text } from './lines.js';
export * from './nonin.js';
export * from './nonin-format2.js';
export * from './waveforms.js';
export * from './wave-relay.js';
export * from './masimo.js';
export * from './mllp.js';
export * from './hl7.js';
export * from './pcd01.js';
export * from './hl7-stream.js';
export * from './records.js';
export * from './devices.js';
export * from './tracking.js';

export * from './protocols.js';
