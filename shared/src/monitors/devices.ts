/*
 * The serial devices a monitor is reached through (spec 002 §3 "Serial ports: USB vendor and
 * product ids, and a Bluetooth service class"; §9 "Serial device filters: FTDI (FT232), Prolific
 * (PL23xx), espressif, and a fake test vendor. Bluetooth serial class id is the standard SPP
 * UUID."). The spec names the makers, not the numbers: the ids are the USB-IF vendor ids and the
 * product ids each maker's drivers list (docs/decisions.md, session 27). In Web Serial's filter
 * shape, so the browser's port chooser shows only these; the Vigil Bridge can match the same ids.
 */

/** One entry of the port chooser's filter (Web Serial's SerialPortFilter). */
export interface MonitorPortFilter {
  readonly usbVendorId?: number;
  readonly usbProductId?: number;
  readonly bluetoothServiceClassId?: string;
}

/** The standard Bluetooth Serial Port Profile UUID (Bluetooth SIG assigned number 0x1101 on the base UUID). */
export const BLUETOOTH_SPP_CLASS_ID = '00001101-0000-1000-8000-00805f9b34fb';

/** FTDI (USB-IF vendor 0x0403): FT232R / FT232BM (0x6001) and FT232H (0x6014). */
export const FTDI_VENDOR_ID = 0x0403;
export const FTDI_FT232_PRODUCT_IDS = [0x6001, 0x6014] as const;
/** Prolific (0x067b): PL2303 (0x2303) and the PL2303G family GC, GB, GT, GL, GE, GS (0x23a3–0x23f3). */
export const PROLIFIC_VENDOR_ID = 0x067b;
export const PROLIFIC_PL23XX_PRODUCT_IDS = [0x2303, 0x23a3, 0x23b3, 0x23c3, 0x23d3, 0x23e3, 0x23f3] as const;
/** Espressif (0x303a): its chips' own USB serial; every product. */
export const ESPRESSIF_VENDOR_ID = 0x303a;
/**
 * The fake test vendor: pid.codes' test id (vendor 0x1209, product 0x0001, kept by pid.codes for
 * testing), so no real adapter matches it. The end-to-end tests' fake port reports it.
 */
export const FAKE_TEST_VENDOR = { usbVendorId: 0x1209, usbProductId: 0x0001 } as const;

/**
 * [MON16] The port chooser's filters: FTDI FT232, Prolific PL23xx, espressif, the fake test vendor
 * and Bluetooth serial (SPP) ports (spec 002 §9).
 */
export const MONITOR_PORT_FILTERS: readonly MonitorPortFilter[] = [
  ...FTDI_FT232_PRODUCT_IDS.map((usbProductId) => ({ usbVendorId: FTDI_VENDOR_ID, usbProductId })),
  ...PROLIFIC_PL23XX_PRODUCT_IDS.map((usbProductId) => ({ usbVendorId: PROLIFIC_VENDOR_ID, usbProductId })),
  { usbVendorId: ESPRESSIF_VENDOR_ID },
  FAKE_TEST_VENDOR,
  { bluetoothServiceClassId: BLUETOOTH_SPP_CLASS_ID },
];

/** [MON16] Whether a port (its USB ids, or its Bluetooth service class) is one the filters admit. */
export function isMonitorPort(info: MonitorPortFilter): boolean {
  return MONITOR_PORT_FILTERS.some((f) =>
    f.bluetoothServiceClassId != null
      ? info.bluetoothServiceClassId?.toLowerCase() === f.bluetoothServiceClassId
      : info.usbVendorId === f.usbVendorId && (f.usbProductId == null || info.usbProductId === f.usbProductId),
  );
}

/** A port's name for the screens: the maker by its vendor id, else 'Bluetooth serial', else 'Serial port'. */
export function monitorPortName(info: MonitorPortFilter): string {
  if (info.bluetoothServiceClassId != null) return 'Bluetooth serial port';
  const hex = (n: number): string => n.toString(16).padStart(4, '0');
  const ids = info.usbVendorId == null ? '' : ` (${hex(info.usbVendorId)}:${hex(info.usbProductId ?? 0)})`;
  switch (info.usbVendorId) {
    case FTDI_VENDOR_ID:
      return `FTDI USB serial${ids}`;
    case PROLIFIC_VENDOR_ID:
      return `Prolific USB serial${ids}`;
    case ESPRESSIF_VENDOR_ID:
      return `Espressif USB serial${ids}`;
    case FAKE_TEST_VENDOR.usbVendorId:
      return `Test serial device${ids}`;
    default:
      return `Serial port${ids}`;
  }
}
