import type { MonitorPortFilter, MonitorSerialSettings } from '@vigil/shared';

/*
 * The part of Web Serial (WICG Web Serial API, Chrome and Edge 89+, Bluetooth RFCOMM ports since
 * 117) the monitor driver uses, typed here: TypeScript's DOM library does not carry it. A fake of
 * this shape feeds the driver's tests and the end-to-end tests' page.
 */

/** SerialPortInfo: the USB ids of a wired adapter, or the Bluetooth service class of a paired device. */
export interface SerialPortInfoLike {
  readonly usbVendorId?: number;
  readonly usbProductId?: number;
  readonly bluetoothServiceClassId?: string;
}

/** A serial port: opened with the line settings, read through its readable stream. */
export interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  open(options: MonitorSerialSettings & { bufferSize?: number }): Promise<void>;
  close(): Promise<void>;
  getInfo(): SerialPortInfoLike;
}

/** `navigator.serial`. */
export interface SerialLike {
  requestPort(options: {
    filters: readonly MonitorPortFilter[];
    allowedBluetoothServiceClassIds?: readonly string[];
  }): Promise<SerialPortLike>;
}

/**
 * The text shown where the browser can reach no monitor itself (Safari on iPad, Firefox): it names
 * the Vigil Bridge, the path for those tablets (issue 38). Web Bluetooth alone would not help: the
 * spec's Bluetooth monitors speak the Serial Port Profile, a classic profile Web Bluetooth (GATT
 * only) cannot open and Web Serial can.
 */
export const NO_WEB_SERIAL_MESSAGE =
  'This browser cannot connect to a monitor itself: it has no Web Serial, which Chrome and Edge have and Safari on ' +
  'iPad does not. Plug the monitor into a computer on the office network that runs the Vigil Bridge instead.';

/** The browser's Web Serial, or null where it has none. */
export function browserSerial(nav: object | undefined = globalThis.navigator): SerialLike | null {
  const serial = nav == null ? undefined : (nav as { serial?: SerialLike }).serial;
  return serial != null && typeof serial.requestPort === 'function' ? serial : null;
}
