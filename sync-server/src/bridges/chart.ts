import * as Y from 'yjs';
import {
  chartedVitals,
  encodeNewReading,
  MONITORS_KEY,
  READINGS_KEY,
  type VitalsRecord,
  type VitalTrackingMap,
} from '@vigil/shared';
import { AppError } from '../errors.js';

/**
 * [MR1] The server's side of the one case-document command every monitor uses (the client's
 * `recordReading`, client/src/case/readings.ts): each reading encoded by shared's
 * `encodeNewReading` (the compact form, its header content-addressed), its header written when
 * the case does not have it yet, its entry appended to the case structure's list. Run inside the
 * rooms' server write (`rooms.seal(…).write`), on the case's root map. The old records are not
 * compacted here: the first reading a tablet writes does that (MR4), and every reader reads both
 * forms meanwhile. A reading the case already holds (same header and time, MR3) is not pushed
 * again. A case whose document has no structure (no tablet ever opened it) is refused
 * (CASE_NOT_OPENED): creating the containers on the server would not be the structure update
 * every device makes, and a tablet's later one would hide what the server wrote. As on the tablet,
 * the vitals the case has paused, ignored or put on manual entry are left out (MON17), and a case
 * whose vitals tracking is off takes no reading.
 */
export function chartReadings(root: Y.Map<unknown>, readings: readonly Omit<VitalsRecord, 'id'>[]): VitalsRecord[] {
  const list = root.get(READINGS_KEY);
  const monitors = root.get(MONITORS_KEY);
  if (!(list instanceof Y.Array) || !(monitors instanceof Y.Map)) {
    throw new AppError(409, 'CASE_NOT_OPENED', 'The case has not been opened on a device yet.');
  }
  if (root.get('vitalsTrackingEnabled') === false) return [];
  const trackingValue = root.get('vitalTracking');
  const tracking = (trackingValue instanceof Y.AbstractType ? trackingValue.toJSON() : trackingValue) as
    VitalTrackingMap | undefined;
  const have = new Set<string>();
  for (const entry of list.toArray() as unknown[]) {
    if (entry && typeof entry === 'object' && 'h' in entry && 't' in entry) {
      have.add('i' in entry && typeof entry.i === 'string' ? entry.i : `${String(entry.h)}-${String(entry.t)}`);
    }
  }
  const out: VitalsRecord[] = [];
  for (const given of readings) {
    const vitals = chartedVitals(given.vitals, tracking);
    const reading = { ...given, vitals, selectedVitals: given.selectedVitals.filter((v) => v in vitals) };
    const { entry, header, record } = encodeNewReading(reading);
    if (have.has(record.id)) continue;
    have.add(record.id);
    if (header && !monitors.has(header.key)) monitors.set(header.key, header.value);
    list.push([entry]);
    out.push(record);
  }
  return out;
}
