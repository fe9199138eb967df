import { connect } from 'node:net';
import { MllpDecoder, mllpEncode, type MonitorReading } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { listenHl7, type Hl7Listener } from './hl7.js';

const ORU = (id: string, hr: string): string =>
  [
    `MSH|^~\\&|GE_B40|OR2|VIGIL|OFFICE|20270105150000+0000||ORU^R01^ORU_R01|${id}|P|2.6|||NE|AL`,
    'PID|||SIM-0001',
    'OBR|1|||69965^MDC_DEV_MON_PHYSIO_MULTI_PARAM_MDS^MDC|||20270105150000+0000',
    `OBX|1|NM|147842^MDC_ECG_HEART_RATE^MDC|1.1.1.1|${hr}|264864^MDC_DIM_BEAT_PER_MIN^MDC|||||F|||20270105150000+0000`,
  ].join('\r');

let listener: Hl7Listener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

describe('the bridge’s HL7 listener', () => {
  it('answers every message with its ACK on the same connection and hands on its reading', async () => {
    const readings: { reading: MonitorReading; sender: string }[] = [];
    listener = await listenHl7({ port: 0, host: '127.0.0.1', now: () => 5 }, (r) => readings.push(r));
    const socket = connect({ port: listener.port, host: '127.0.0.1' });
    const decoder = new MllpDecoder();
    const acks: string[] = [];
    const two = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        acks.push(...decoder.push(new Uint8Array(chunk)).messages.map((m) => m.text));
        if (acks.length === 2) resolve();
      }),
    );
    // Two messages in one write, the second split across two.
    const a = mllpEncode(ORU('C1', '72'));
    const b = mllpEncode(ORU('C2', '75'));
    socket.write(Buffer.concat([Buffer.from(a), Buffer.from(b.subarray(0, 10))]));
    socket.write(Buffer.from(b.subarray(10)));
    await two;
    socket.end();
    expect(acks.map((t) => t.split('\r').find((s) => s.startsWith('MSA')))).toEqual(['MSA|AA|C1', 'MSA|AA|C2']);
    expect(readings.map((r) => [r.sender, r.reading.vitals.hr?.value, r.reading.observedAt])).toEqual([
      ['GE_B40', 72, Date.UTC(2027, 0, 5, 15)],
      ['GE_B40', 75, Date.UTC(2027, 0, 5, 15)],
    ]);
  });
});
