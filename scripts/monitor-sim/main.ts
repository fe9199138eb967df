import { parseArgs } from 'node:util';
import { scenarioFrames, SIM_PROTOCOLS, type SimProtocol } from './bytes.js';
import { loadScenario, sendHl7, writeSerial } from './io.js';

/*
 * npm run monitor-sim -- --protocol nonin|masimo|hl7 --scenario <name|file> [--out <path>|-]
 *   [--host 127.0.0.1 --port 2575] [--speed 1] [--loop]
 * README.md beside this file says more.
 */

const USAGE = `Usage: npm run monitor-sim -- --protocol nonin|masimo|hl7 --scenario <name|file.json>
  serial (nonin, masimo): --out <path>   a pseudo-terminal, a serial device, or - for stdout
  hl7:                    --host <host> --port <port>   an MLLP listener (a Vigil Bridge)
  --speed <n>   run n times faster than real time (default 1)
  --loop        start the scenario again when it ends
  --clock <ms>  the device clock the scenario starts at (epoch ms; default now): HL7 observation times follow it`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      protocol: { type: 'string' },
      scenario: { type: 'string', default: 'steady' },
      out: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '2575' },
      speed: { type: 'string', default: '1' },
      loop: { type: 'boolean', default: false },
      clock: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const protocol = values.protocol as SimProtocol | undefined;
  const speed = Number(values.speed);
  if (values.help || protocol == null || !SIM_PROTOCOLS.includes(protocol) || !(speed > 0)) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  if (protocol !== 'hl7' && values.out == null) {
    console.error(`--out is needed for ${protocol}.\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const scenario = loadScenario(values.scenario);
  const log = (text: string): void => {
    if (values.out !== '-') console.error(text);
  };
  let clock = values.clock != null ? Number(values.clock) : null;
  do {
    const frames = scenarioFrames(scenario, protocol, { startClock: clock ?? Date.now() });
    if (clock !== null) clock += frames.length > 0 ? frames.at(-1)!.atMs + 1000 : 0;
    log(`monitor-sim: ${scenario.name} as ${protocol}, ${frames.length} frames, speed ×${speed}`);
    if (protocol === 'hl7') {
      const acks = await sendHl7(frames, {
        host: values.host,
        port: Number(values.port),
        speed,
        onAck: (a) => log(`${a.controlId} ${a.code}${a.text ? ` ${a.text}` : ''}`),
      });
      const refused = acks.filter((a) => a.code !== 'AA');
      if (refused.length > 0) process.exitCode = 1;
    } else {
      const written = await writeSerial(frames, values.out!, speed);
      log(`monitor-sim: wrote ${written} lines to ${values.out}`);
    }
  } while (values.loop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
