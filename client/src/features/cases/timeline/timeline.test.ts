import { describe, expect, it } from 'vitest';
import { timelineRows } from './timeline.js';

const none = {
  caseStart: null,
  vitalsEnd: null,
  ivStart: null,
  ivEnd: null,
  surgeryStart: null,
  surgeryEnd: null,
  anesthesiaStart: null,
  anesthesiaEnd: null,
  recoveryStart: null,
  end: null,
};

describe('case timeline (spec 002 §2–§4)', () => {
  it('[ET9] has the five bars in order, all (no data) on a new case', () => {
    const rows = timelineRows(none, 0);
    expect(rows.map((r) => r.name)).toEqual(['Monitoring', 'IV', 'Procedure', 'Anesthesia', 'Recovery']);
    expect(rows.every((r) => r.statusText === '(no data)' && r.bar == null)).toBe(true);
  });

  it('[ET9] draws ok bars over the case span, open bars to now, and texts for the other statuses', () => {
    const rows = timelineRows(
      { ...none, caseStart: 0, vitalsEnd: 100, surgeryStart: 20, anesthesiaEnd: 50, recoveryStart: 60, end: 40 },
      80,
    );
    const [monitoring, , procedure, anesthesia, recovery] = rows;
    expect(monitoring).toMatchObject({ status: 'ok', statusText: null, bar: { left: 0, width: 100, open: false } });
    expect(monitoring?.start).toEqual({ label: 'Started Monitoring', time: 0 });
    expect(procedure).toMatchObject({
      status: 'noEnd',
      statusText: '(no end time)',
      bar: { left: 20, width: 60, open: true },
    });
    expect(anesthesia).toMatchObject({ status: 'noStart', statusText: '(missing start)', bar: null });
    expect(recovery).toMatchObject({ status: 'startBeforeEnd', statusText: null, bar: null });
  });
});
