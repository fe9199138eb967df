import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';
import {
  buildHl7Ack,
  createHl7Parser,
  createNoninParser,
  mllpEncode,
  parseHl7,
  type Issue,
  type MonitorReading,
} from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * Issue 38: `npm run monitor-sim` as a real process, sending HL7 over real TCP to an MLLP
 * listener (the shared parsers, as the Vigil Bridge will use them) and writing Nonin lines to a
 * socat pseudo-terminal. --speed keeps each run well under a second; nothing waits on a clock.
 */

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
const started: ChildProcess[] = [];
const servers: Server[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode == null && child.signalCode == null) child.kill('SIGKILL');
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function runSim(args: string[]): { exited: Promise<number | null>; lines: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/monitor-sim/main.ts', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  const lines: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => lines.push(line));
  return { exited: new Promise((resolve) => child.once('close', (code) => resolve(code))), lines };
}

/** An MLLP listener on a free port: reads each connection with the shared HL7 parser and answers as `answer` says. */
async function listen(answer: 'parser' | 'AE'): Promise<{ port: number; readings: MonitorReading[]; issues: Issue[] }> {
  const readings: MonitorReading[] = [];
  const issues: Issue[] = [];
  const server = createServer((socket) => {
    const parser = createHl7Parser();
    socket.on('data', (chunk: Buffer) => {
      const out = parser.push(new Uint8Array(chunk), Date.now());
      readings.push(...out.readings);
      issues.push(...out.issues);
      for (const [i, ack] of out.acks.entries()) {
        const text =
          answer === 'AE'
            ? buildHl7Ack(parseHl7(out.frames[i]!.text).message, { code: 'AE', text: 'Not now.', now: Date.now() })
            : ack;
        socket.write(mllpEncode(text));
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address == null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, readings, issues };
}

const values = (r: MonitorReading) => Object.fromEntries(Object.entries(r.vitals).map(([k, v]) => [k, v.value]));

describe('monitor-sim over real connections', () => {
  it('sends HL7 over MLLP, one message after each ACK, and the listener reads every reading through the noise', async () => {
    const listener = await listen('parser');
    const sim = runSim([
      '--protocol',
      'hl7',
      '--scenario',
      'garbage',
      '--port',
      String(listener.port),
      '--speed',
      '400',
    ]);
    expect(await sim.exited).toBe(0);
    // garbage.json: 40 s at one message every 5 s; noise before the four messages from 10 s to 25 s.
    expect(listener.readings).toHaveLength(8);
    expect(sim.lines.filter((l) => / AA$/.test(l))).toHaveLength(8);
    // Sent in kPa and °F (the scenario's hl7Units), charted in mmHg and °C: 16.0 kPa → 120, 98.2 °F → 36.8.
    expect(values(listener.readings[0]!)).toEqual({
      hr: 72,
      spo2: 98,
      sbp: 120,
      dbp: 80,
      map: 93,
      rr: 14,
      etco2: 36,
      temp: 36.8,
    });
    expect(values(listener.readings[3]!)).toMatchObject({ hr: 75, spo2: 97 });
    expect(listener.issues.map((i) => i.code)).toEqual(Array(4).fill('MONITOR_GARBAGE'));
    expect(listener.readings.every((r) => r.deviceId === 'VIGIL_SIM' && r.patientId === 'SIM-0001')).toBe(true);
  });

  it('reports a listener that refuses with AE and exits with 1', async () => {
    const listener = await listen('AE');
    const sim = runSim([
      '--protocol',
      'hl7',
      '--scenario',
      'blank-values',
      '--port',
      String(listener.port),
      '--speed',
      '400',
    ]);
    expect(await sim.exited).toBe(1);
    expect(sim.lines.some((l) => l.endsWith(' AE Not now.'))).toBe(true);
  });

  // socat comes with scripts/setup.sh, so this never skips.
  it('writes Nonin lines to a pseudo-terminal that the other end reads as readings, blank ones blank', async () => {
    const socat = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(socat);
    const ptys: string[] = [];
    await new Promise<void>((resolve) => {
      createInterface({ input: socat.stderr }).on('line', (line) => {
        const m = /PTY is (\S+)/.exec(line);
        if (m) ptys.push(m[1]!);
        if (ptys.length === 2) resolve();
      });
    });
    const parser = createNoninParser();
    const readings: MonitorReading[] = [];
    // blank-values.json: 15 s of values, 30 s blank, 15 s of values: 60 lines.
    const stream = createReadStream(ptys[1]!);
    // Closing socat ends the pseudo-terminal under a pending read: EIO, the end of this stream, not a failure.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EIO') throw error;
    });
    const allRead = new Promise<void>((resolve) => {
      stream.on('data', (chunk) => {
        readings.push(...parser.push(new Uint8Array(chunk as Buffer), Date.now()).readings);
        if (readings.length >= 60) resolve();
      });
    });
    // The reading end is open before the first byte is written.
    await new Promise((resolve) => stream.once('open', resolve));
    const sim = runSim(['--protocol', 'nonin', '--scenario', 'blank-values', '--out', ptys[0]!, '--speed', '200']);
    expect(await sim.exited).toBe(0);
    await allRead;
    expect(readings).toHaveLength(60);
    expect(readings.filter((r) => r.vitals.spo2!.value == null)).toHaveLength(30);
    expect(values(readings[0]!)).toEqual({ spo2: 98, hr: 72 });
    expect(values(readings[59]!)).toEqual({ spo2: 98, hr: 73 });
    stream.destroy();
    socat.kill('SIGTERM');
  });
});
