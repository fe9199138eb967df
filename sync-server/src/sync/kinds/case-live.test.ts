import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { liveCaseRead, MONITORS_KEY, READINGS_KEY, encodeNewReading } from '@vigil/shared';
import { caseLiveData, LIVE_READINGS_TAIL } from './case.js';

const T0 = Date.UTC(2026, 10, 29, 9, 0);

/** A case document as a tablet writes it: structured containers, compact readings every 5 s. */
function caseDoc(count: number): Y.Doc {
  const doc = new Y.Doc();
  const root = doc.getMap('case');
  const events = new Y.Map<unknown>();
  const readings = new Y.Array<unknown>();
  const monitors = new Y.Map<unknown>();
  root.set('events', events);
  root.set(READINGS_KEY, readings);
  root.set(MONITORS_KEY, monitors);
  root.set('procedure', 'Implant');
  events.set('caseStart', T0);
  for (let i = 0; i < count; i++) {
    const at = T0 + i * 5000;
    const { entry, header } = encodeNewReading({
      lastUpdated: at,
      monitorLabel: 'Operatory 2 monitor',
      monitorId: 'mon-1',
      simulated: false,
      selectedVitals: ['hr'],
      vitals: { hr: { value: 60 + (i % 40), time: at } },
    });
    readings.push([entry]);
    if (header) monitors.set(header.key, header.value);
  }
  return doc;
}

describe('what a case’s live summary reads of its document (issue 38)', () => {
  it('[LV1] reads the events, the headers and the first and newest readings only, and summarises as the whole would', () => {
    const doc = caseDoc(LIVE_READINGS_TAIL + 300);
    const root = doc.getMap('case');
    const data = caseLiveData(root);
    expect(Object.keys(data).sort()).toEqual([
      'events',
      'vitalsMonitors',
      'vitalsReadings',
      'vitalsRecords',
      'vitalsTrackingEnabled',
    ]);
    expect(data.events).toEqual({ caseStart: T0 });
    expect((data.vitalsReadings as unknown[]).length).toBe(LIVE_READINGS_TAIL + 1);
    const whole = root.toJSON() as Record<string, unknown>;
    expect(liveCaseRead(data)).toEqual(liveCaseRead(whole));
  });

  it('[LV1] reads a short case whole, and a case with vitals tracking off whole (its start is derived from everything)', () => {
    const short = caseDoc(3).getMap('case');
    expect((caseLiveData(short).vitalsReadings as unknown[]).length).toBe(3);
    const off = caseDoc(3);
    off.getMap('case').set('vitalsTrackingEnabled', false);
    expect(caseLiveData(off.getMap('case'))).toEqual(off.getMap('case').toJSON());
  });
});
