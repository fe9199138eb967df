import { describe, expect, it } from 'vitest';
import {
  BLUETOOTH_SPP_CLASS_ID,
  FAKE_TEST_VENDOR,
  isMonitorPort,
  MONITOR_PORT_FILTERS,
  monitorPortName,
} from './devices.js';

describe('the serial device filters (spec 002 §9)', () => {
  it('[MON16] list FTDI FT232, Prolific PL23xx, espressif, the fake test vendor and the SPP class id', () => {
    expect(MONITOR_PORT_FILTERS).toEqual([
      { usbVendorId: 0x0403, usbProductId: 0x6001 },
      { usbVendorId: 0x0403, usbProductId: 0x6014 },
      { usbVendorId: 0x067b, usbProductId: 0x2303 },
      { usbVendorId: 0x067b, usbProductId: 0x23a3 },
      { usbVendorId: 0x067b, usbProductId: 0x23b3 },
      { usbVendorId: 0x067b, usbProductId: 0x23c3 },
      { usbVendorId: 0x067b, usbProductId: 0x23d3 },
      { usbVendorId: 0x067b, usbProductId: 0x23e3 },
      { usbVendorId: 0x067b, usbProductId: 0x23f3 },
      { usbVendorId: 0x303a },
      { usbVendorId: 0x1209, usbProductId: 0x0001 },
      { bluetoothServiceClassId: '00001101-0000-1000-8000-00805f9b34fb' },
    ]);
    expect(BLUETOOTH_SPP_CLASS_ID).toBe('00001101-0000-1000-8000-00805f9b34fb');
  });

  it.each([
    ['an FTDI FT232R', { usbVendorId: 0x0403, usbProductId: 0x6001 }, true],
    ['an FTDI FT2232 (not an FT232)', { usbVendorId: 0x0403, usbProductId: 0x6010 }, false],
    ['a Prolific PL2303', { usbVendorId: 0x067b, usbProductId: 0x2303 }, true],
    ['a Prolific PL2303GT', { usbVendorId: 0x067b, usbProductId: 0x23c3 }, true],
    ['an Espressif ESP32-S3', { usbVendorId: 0x303a, usbProductId: 0x1001 }, true],
    ['the fake test vendor', FAKE_TEST_VENDOR, true],
    ['a CH340 (WCH, not listed)', { usbVendorId: 0x1a86, usbProductId: 0x7523 }, false],
    ['a Bluetooth SPP port (upper case)', { bluetoothServiceClassId: BLUETOOTH_SPP_CLASS_ID.toUpperCase() }, true],
    ['a Bluetooth port of another class', { bluetoothServiceClassId: '0000180d-0000-1000-8000-00805f9b34fb' }, false],
  ])('[MON16] %s is a monitor port: %s', (_name, info, expected) => {
    expect(isMonitorPort(info)).toBe(expected);
  });

  it('names a port by its maker and ids', () => {
    expect(monitorPortName({ usbVendorId: 0x0403, usbProductId: 0x6001 })).toBe('FTDI USB serial (0403:6001)');
    expect(monitorPortName(FAKE_TEST_VENDOR)).toBe('Test serial device (1209:0001)');
    expect(monitorPortName({ bluetoothServiceClassId: BLUETOOTH_SPP_CLASS_ID })).toBe('Bluetooth serial port');
    expect(monitorPortName({})).toBe('Serial port');
  });
});
