import { parseArgs } from 'node:util';
import { pair, readCredential, startBridge, type SerialMonitorOption } from './bridge.js';
import { SERIAL_PROTOCOLS, type SerialProtocol } from './serial.js';

/*
 * npm run bridge -- --data <folder> [--server <url> --code <pairing code> --name <name>]
 *   [--hl7-port 2575] [--serial <path>:<nonin|masimo|noninPleth>:<label>]… [--hl7-label <sender>=<label>]…
 */

const USAGE = `Usage: npm run bridge -- --data <folder> [options]
  --server <url> --code <code> --name <name>   pair with an office (the code an administrator created
                                               under Monitors and bridges); kept in <folder>
  --hl7-port <port>                            listen for HL7 (MLLP) monitors (default 2575; 'off' for none)
  --hl7-label <sender>=<label>                 name an HL7 monitor by its sending application (MSH-3)
  --serial <path>:<protocol>:<label>           read a serial monitor: nonin, masimo or noninPleth (Nonin data
                                               format 2, with its pleth); file:<path> reads a pseudo-terminal as a file`;

function parseSerial(spec: string): SerialMonitorOption {
  const [p, protocol, ...label] = spec.split(':');
  const isFile = p === 'file';
  const pathPart = isFile ? `file:${protocol}` : p;
  const proto = isFile ? label.shift() : protocol;
  if (!pathPart || !(SERIAL_PROTOCOLS as readonly string[]).includes(proto ?? ''))
    throw new Error(`--serial ${spec}: path:${SERIAL_PROTOCOLS.join('|')}:label`);
  return { path: pathPart, protocol: proto as SerialProtocol, label: label.join(':') || `${proto} on ${pathPart}` };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      server: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      'hl7-port': { type: 'string', default: '2575' },
      'hl7-host': { type: 'string' },
      'hl7-label': { type: 'string', multiple: true, default: [] },
      serial: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.data) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  let credential = readCredential(values.data);
  if (values.code) {
    if (!values.server || !values.name) throw new Error(`--code needs --server and --name.\n${USAGE}`);
    credential = await pair({ server: values.server, code: values.code, name: values.name, dataDir: values.data });
    console.error(`vigil-bridge: paired as ${credential.bridgeId} at ${credential.location}`);
  }
  if (!credential) throw new Error(`This bridge is not paired: give --server, --code and --name.\n${USAGE}`);
  const labels = Object.fromEntries(
    values['hl7-label'].map((l) => {
      const i = l.indexOf('=');
      return [l.slice(0, i), l.slice(i + 1)];
    }),
  );
  const bridge = await startBridge({
    dataDir: values.data,
    credential,
    hl7Port: values['hl7-port'] === 'off' ? null : Number(values['hl7-port']),
    ...(values['hl7-host'] ? { hl7Host: values['hl7-host'] } : {}),
    hl7Labels: labels,
    serial: values.serial.map(parseSerial),
  });
  // The test harness and a service manager read the port from this line.
  console.log(JSON.stringify({ ready: true, bridgeId: credential.bridgeId, hl7Port: bridge.hl7Port }));
  const stop = (): void => {
    void bridge.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`vigil-bridge: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
