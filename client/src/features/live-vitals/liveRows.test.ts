import { describe, expect, it } from 'vitest';
import type { LiveCaseView } from '@vigil/shared';
import { applyLiveVitalsEvent, byOffice } from './liveRows.js';

const row = (orgId: string, caseId: string, orgName = orgId, startedAt: number | null = 1000): LiveCaseView => ({
  caseId,
  orgId,
  orgName,
  patient: `Patient ${caseId}`,
  provider: 'Dr Grace Hopper',
  place: null,
  startedAt,
  lastReadingAt: 2000,
  monitorLabel: 'Operatory 2 monitor',
  simulated: false,
  vitals: [{ type: 'hr', value: 72, time: 2000 }],
  updatedAt: 2000,
});

describe('live rows', () => {
  it('takes a pushed summary into its row and keeps the names the list gave', () => {
    const rows = [row('office', 'c1'), row('office', 'c2')];
    const { summary } = { summary: { ...row('office', 'c2'), vitals: [{ type: 'hr', value: 90, time: 3000 }] } };
    const { orgName: _o, patient: _p, provider: _r, place: _l, ...pushed } = summary;
    const next = applyLiveVitalsEvent(rows, { action: 'put', summary: { ...pushed, lastReadingAt: 3000 } });
    expect(next.reload).toBe(false);
    expect(next.rows[1]).toMatchObject({ patient: 'Patient c2', lastReadingAt: 3000, vitals: [{ value: 90 }] });
    expect(next.rows[0]).toBe(rows[0]);
  });

  it('asks for the list again for a case it does not list yet (its names come only from the list)', () => {
    const { patient: _p, orgName: _o, provider: _r, place: _l, ...summary } = row('office', 'new');
    expect(applyLiveVitalsEvent([row('office', 'c1')], { action: 'put', summary })).toMatchObject({ reload: true });
  });

  it('drops a case that ended, and leaves the rows as they were for a case it does not list', () => {
    const rows = [row('office', 'c1'), row('other', 'c1')];
    expect(applyLiveVitalsEvent(rows, { action: 'remove', orgId: 'office', caseId: 'c1' }).rows).toEqual([
      row('other', 'c1'),
    ]);
    expect(applyLiveVitalsEvent(rows, { action: 'remove', orgId: 'office', caseId: 'x' }).rows).toBe(rows);
  });

  it('groups by office in name order, each office’s cases by start', () => {
    const groups = byOffice([
      row('b', 'late', 'Bright Smile', 3000),
      row('a', 'one', 'Aspen Dental', 1000),
      row('b', 'early', 'Bright Smile', 1000),
    ]);
    expect(groups.map((g) => [g.orgName, g.rows.map((r) => r.caseId)])).toEqual([
      ['Aspen Dental', ['one']],
      ['Bright Smile', ['early', 'late']],
    ]);
  });
});
