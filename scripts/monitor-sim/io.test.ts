import { buildHl7Ack, parseHl7 } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { readAck } from './io.js';

const message = parseHl7('MSH|^~\\&|SIM|X|VIGIL|O|20261128140000+0000||ORU^R01|SIM000001|P|2.6\r').message;
const NOW = Date.UTC(2026, 10, 28, 14, 0, 0);

describe("the simulator's reading of ACKs", () => {
  it('takes MSA-1 and MSA-3 of the ACK of the message it sent', () => {
    expect(readAck('SIM000001', buildHl7Ack(message, { code: 'AA', now: NOW }))).toEqual({
      controlId: 'SIM000001',
      code: 'AA',
      text: '',
    });
    expect(readAck('SIM000001', buildHl7Ack(message, { code: 'AE', text: 'No room.', now: NOW })).text).toBe(
      'No room.',
    );
  });

  it('says when no ACK came, when it answers another message, and when it cannot be read', () => {
    expect(readAck('SIM000001', null).code).toBe('timeout');
    expect(readAck('SIM000002', buildHl7Ack(message, { code: 'AA', now: NOW })).code).toBe('mismatch');
    expect(readAck('SIM000001', 'not hl7').code).toBe('unreadable');
  });
});
