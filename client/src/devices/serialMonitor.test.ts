import { describe, expect, it } from 'vitest';
import {
  FAKE_TEST_VENDOR,
  latin1Bytes,
  MONITOR_PORT_FILTERS,
  type MonitorReading,
  type MonitorProtocol,
} from '@vigil/shared';
import {
  createSerialMonitorDriver,
  liveMonitorStatus,
  MONITOR_MESSAGES,
  type MonitorDriver,
  type MonitorDriverEvent,
  type MonitorDriverStatus,
} from './serialMonitor.js';
import { fakePort, fakeSerial } from './fakeSerial.test-util.js';
import { browserSerial, type SerialPortInfoLike } from './webSerial.js';

// Recorded streams (shared/src/monitors/fixtures/streams.ts names their sources): a Nonin 9847
// with its clock, and a Masimo Rad-8 in ASCII 1 (its lines end LF CR).
const NONIN =
  'NONIN 9847 REAL-TIME OUTPUT 11/28/26 14:02:00\r\n' +
  '14:02:01 SPO2=097 HR=072\r\n' +
  '14:02:02 SPO2=097 HR=073\r\n' +
  '14:02:03 SPO2=--- HR=---\r\n' +
  '14:02:04 SPO2=096 HR=074*\r\n';
const MASIMO =
  '02/22/16 22:47:45 SN=0000056661 SPO2=098% BPM=097 PI=03.60% SPCO=--.-% SPMET=--.-% DESAT=-- PIDELTA=+-- ALARM=0000 EXC=000800\n\r' +
  '02/22/16 22:47:46 SN=0000056661 SPO2=098% BPM=096 PI=03.95% SPCO=--.-% SPMET=--.-% DESAT=-- PIDELTA=+-- ALARM=0000 EXC=000800\n\r';

/** A driver on a fake port, its events, and a way to wait for a status. */
function setUp(protocol: MonitorProtocol, info: SerialPortInfoLike = FAKE_TEST_VENDOR) {
  let clock = 1_000_000;
  // The clock moves 250 ms before each chunk reaches the reader.
  const fake = fakePort(info, () => (clock += 250));
  const serial = fakeSerial(fake.port);
  const driver = createSerialMonitorDriver({ serial, protocol, now: () => clock });
  const events: MonitorDriverEvent[] = [];
  driver.subscribe((e) => events.push(e));
  const readings = (): MonitorReading[] => events.flatMap((e) => (e.type === 'output' ? e.output.readings : []));
  return { fake, serial, driver, events, readings };
}

function statusReached(driver: MonitorDriver, status: MonitorDriverStatus): Promise<void> {
  return new Promise((resolve) => {
    if (driver.state().status === status) return resolve();
    const off = driver.subscribe((e) => {
      if (e.type === 'status' && e.state.status === status) {
        off();
        resolve();
      }
    });
  });
}

/** Pushes a stream in pieces cut at the offsets, then unplugs, and waits until the driver has read it all. */
async function feed(t: ReturnType<typeof setUp>, bytes: Uint8Array, cuts: readonly number[]): Promise<void> {
  const bounds = [0, ...cuts, bytes.length];
  for (let i = 0; i + 1 < bounds.length; i++) t.fake.push(bytes.slice(bounds[i], bounds[i + 1]));
  t.fake.push('unplug');
  await statusReached(t.driver, 'disconnected');
}

const values = (rs: readonly MonitorReading[]) =>
  rs.map((r) => Object.fromEntries(Object.entries(r.vitals).map(([k, v]) => [k, v?.value ?? null])));

describe('the Web Serial monitor driver', () => {
  it('[MON16] asks for a port with the spec 002 §9 filters and the SPP class, and opens a Nonin at 9600 8N1', async () => {
    const t = setUp('nonin');
    await t.driver.connect();
    expect(t.serial.asked).toEqual([
      { filters: MONITOR_PORT_FILTERS, allowedBluetoothServiceClassIds: ['00001101-0000-1000-8000-00805f9b34fb'] },
    ]);
    expect(t.fake.port.opened).toEqual({ baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
    expect(t.driver.state()).toEqual({
      status: 'connected',
      portName: 'Test serial device (1209:0001)',
      message: null,
    });
  });

  it('opens a Masimo at its manual settings (Rad-87: 9600 baud, 8 bits, no parity, 1 stop bit) and reads its lines', async () => {
    const t = setUp('masimo', { usbVendorId: 0x0403, usbProductId: 0x6001 });
    await t.driver.connect();
    expect(t.fake.port.opened).toEqual({ baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
    await feed(t, latin1Bytes(MASIMO), [1, 130, 131]);
    expect(values(t.readings())).toEqual([
      { hr: 97, spo2: 98, pi: 3.6 },
      { hr: 96, spo2: 98, pi: 3.95 },
    ]);
  });

  it.each([
    ['in one piece', []],
    ['cut inside a line end (CR | LF)', [46, 71, 72]],
    ['one to three bytes at a time', Array.from({ length: 60 }, (_, i) => 1 + i * 2 + (i % 3))],
    ['at odd places', [3, 17, 45, 47, 90, 91, 92, 130]],
  ])('reads a recorded Nonin stream pushed %s: the same readings, blank ones kept', async (_name, cuts) => {
    const t = setUp('nonin');
    await t.driver.connect();
    await feed(t, latin1Bytes(NONIN), cuts);
    expect(values(t.readings())).toEqual([
      { spo2: 97, hr: 72 },
      { spo2: 97, hr: 73 },
      { spo2: null, hr: null },
      { spo2: 96, hr: 74 },
    ]);
    expect(t.readings()[3]!.flags).toContain('event');
    // Every byte the port gave reaches the test page, in order.
    const bytes = t.events.flatMap((e) => (e.type === 'bytes' ? [...e.bytes] : []));
    expect(bytes).toEqual([...latin1Bytes(NONIN)]);
    // The header is a frame without a reading.
    const frames = t.events.flatMap((e) => (e.type === 'output' ? e.output.frames : []));
    expect(frames[0]!.text).toContain('NONIN 9847');
  });

  it('times a reading by the chunk that completed its line', async () => {
    const t = setUp('nonin');
    await t.driver.connect();
    const line = latin1Bytes('14:02:01 SPO2=097 HR=072\r\n');
    await feed(t, line, [10]);
    // Two chunks, 250 ms apart from 1,000,000: the line ends in the second.
    expect(t.readings().map((r) => r.receivedAt)).toEqual([1_000_500]);
  });

  it('reads on after a framing error (a new stream) and reports the cable pulled', async () => {
    const t = setUp('nonin');
    await t.driver.connect();
    t.fake.push(
      latin1Bytes('14:02:01 SPO2=097 HR=072\r\n'),
      'framingError',
      latin1Bytes('14:02:02 SPO2=098 HR=070\r\n'),
      'unplug',
    );
    await statusReached(t.driver, 'disconnected');
    expect(values(t.readings())).toEqual([
      { spo2: 97, hr: 72 },
      { spo2: 98, hr: 70 },
    ]);
    expect(t.driver.state().message).toBe(MONITOR_MESSAGES.lost);
    expect(t.fake.port.closed).toBe(true);
  });

  it('disconnects when asked: the read stops, the port closes, no error shown', async () => {
    const t = setUp('nonin');
    await t.driver.connect();
    await t.driver.disconnect();
    expect(t.fake.port.closed).toBe(true);
    expect(t.driver.state()).toMatchObject({ status: 'disconnected', message: null });
  });

  it('goes back to idle when the chooser is closed, and says why when a port will not open', async () => {
    const cancelled = createSerialMonitorDriver({
      serial: fakeSerial(new DOMException('No port selected by the user.', 'NotFoundError')),
      protocol: 'nonin',
    });
    await cancelled.connect();
    expect(cancelled.state()).toMatchObject({ status: 'idle', message: null });

    const fake = fakePort(FAKE_TEST_VENDOR);
    fake.port.open = () => Promise.reject(new DOMException('Failed to open serial port.', 'NetworkError'));
    const busy = createSerialMonitorDriver({ serial: fakeSerial(fake.port), protocol: 'masimo' });
    await busy.connect();
    expect(busy.state()).toMatchObject({
      status: 'failed',
      message: 'The port could not be opened (Failed to open serial port.). Another program may be using it.',
    });
  });

  it('refuses HL7, which reaches Vigil over the network through the bridge', async () => {
    const t = setUp('hl7');
    await t.driver.connect();
    expect(t.serial.asked).toEqual([]);
    expect(t.driver.state()).toMatchObject({ status: 'failed', message: MONITOR_MESSAGES.notSerial });
  });
});

describe('the browser without Web Serial', () => {
  it('has no serial driver where navigator.serial is missing (Safari on iPad)', () => {
    expect(browserSerial({})).toBeNull();
    expect(browserSerial(undefined)).toBeNull();
    expect(browserSerial({ serial: fakeSerial(new Error('x')) })).not.toBeNull();
  });
});

describe('the live status (spec 002 §4: waiting shows a spinner)', () => {
  it.each([
    ['connected with a reading 5 s old', 'connected', 10_000, 15_000, 'connected'],
    ['connected with a reading just over 5 s old', 'connected', 10_000, 15_001, 'waiting'],
    ['connected, no reading yet', 'connected', null, 15_000, 'waiting'],
    ['disconnected', 'disconnected', 10_000, 11_000, 'disconnected'],
  ] as const)('%s is %s', (_name, status, last, now, expected) => {
    expect(liveMonitorStatus(status, last, now)).toBe(expected);
  });
});
