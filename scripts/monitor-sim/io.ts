import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { hl7Segment, hl7Value, MllpDecoder, parseHl7 } from '@vigil/shared';
import type { SimFrame } from './bytes.js';
import { parseScenario, type Scenario } from './scenario.js';

/*
 * The simulator's I/O: writing a scenario's bytes to a serial path (a pseudo-terminal, a serial
 * device, stdout) at the protocol's rate, and sending HL7 messages over MLLP to a listener,
 * waiting for each ACK. The bytes themselves come from bytes.ts.
 */

export const SCENARIO_DIR = path.join(import.meta.dirname, 'scenarios');

/** A scenario by name (scenarios/<name>.json) or by path. */
export function loadScenario(nameOrPath: string): Scenario {
  const file = existsSync(nameOrPath) ? nameOrPath : path.join(SCENARIO_DIR, `${nameOrPath}.json`);
  return parseScenario(readFileSync(file, 'utf8'));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until a frame's time: `atMs` after `startedAt`, divided by the speed. */
function dueIn(frame: SimFrame, startedAt: number, speed: number): number {
  return startedAt + frame.atMs / speed - Date.now();
}

/** Writes frames to a path ('-' for stdout) at their times; resolves when the last is written. */
export async function writeSerial(frames: readonly SimFrame[], out: string, speed: number): Promise<number> {
  const fd = out === '-' ? 1 : openSync(out, 'w');
  const startedAt = Date.now();
  let written = 0;
  try {
    for (const frame of frames) {
      await sleep(dueIn(frame, startedAt, speed));
      if (frame.garbage.length > 0) writeSync(fd, frame.garbage);
      writeSync(fd, frame.bytes);
      written++;
    }
  } finally {
    if (fd !== 1) closeSync(fd);
  }
  return written;
}

export interface AckResult {
  readonly controlId: string;
  /** MSA-1 (AA, AE, AR…), or 'timeout' when none came in time. */
  readonly code: string;
  readonly text: string;
}

/** Reads ACKs off a socket, one promise per expected acknowledgement. */
function ackReader(socket: Socket): (timeoutMs: number) => Promise<string | null> {
  const decoder = new MllpDecoder();
  const queue: string[] = [];
  let waiter: ((text: string) => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    for (const m of decoder.push(new Uint8Array(chunk)).messages) {
      if (waiter) {
        const w = waiter;
        waiter = null;
        w(m.text);
      } else queue.push(m.text);
    }
  });
  return (timeoutMs) =>
    new Promise((resolve) => {
      const ready = queue.shift();
      if (ready != null) return resolve(ready);
      const timer = setTimeout(() => {
        waiter = null;
        resolve(null);
      }, timeoutMs);
      waiter = (text) => {
        clearTimeout(timer);
        resolve(text);
      };
    });
}

/**
 * Sends HL7 frames over MLLP to host:port at their times, each after the ACK of the one before
 * (HL7 original mode), and gives every ACK's code. Resolves when all are acknowledged or timed out.
 */
export async function sendHl7(
  frames: readonly SimFrame[],
  target: { host: string; port: number; speed: number; ackTimeoutMs?: number; onAck?: (ack: AckResult) => void },
): Promise<AckResult[]> {
  const socket = connect({ host: target.host, port: target.port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const nextAck = ackReader(socket);
  const results: AckResult[] = [];
  const startedAt = Date.now();
  try {
    for (const frame of frames) {
      await sleep(dueIn(frame, startedAt, target.speed));
      if (frame.garbage.length > 0) socket.write(frame.garbage);
      socket.write(frame.bytes);
      const text = await nextAck(target.ackTimeoutMs ?? 10_000);
      const result = readAck(frame.controlId ?? '', text);
      results.push(result);
      target.onAck?.(result);
    }
  } finally {
    socket.end();
  }
  return results;
}

/** An ACK's MSA-1 and MSA-3; 'timeout' when none came, 'mismatch' when it answers another message. */
export function readAck(controlId: string, text: string | null): AckResult {
  if (text == null) return { controlId, code: 'timeout', text: '' };
  const { message } = parseHl7(text);
  const msa = message && hl7Segment(message, 'MSA');
  if (!message || !msa) return { controlId, code: 'unreadable', text };
  const answered = hl7Value(message, msa, 2);
  if (answered !== controlId) return { controlId, code: 'mismatch', text: `ACK for ${answered}` };
  return { controlId, code: hl7Value(message, msa, 1), text: hl7Value(message, msa, 3) };
}
