/**
 * Issue 25: the signed PDF read as a dental board auditor reads it. A case charted through
 * Vigil's own sync client (vitals every 5 minutes for 3 hours, local anesthetics, an airway, a
 * discharge score, signatures) is finalized by the real server, printed by Debian's Chromium and
 * read back with poppler's pdftotext, page by page.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, caseDischarge } from '@vigil/shared';
import { fhir } from './fhir-helpers.js';
import { chartedCase, finalize, recentStart, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import { eventually } from '../utils/yjs-clients.js';

const MIN = 60_000;
/**
 * The case started four hours ago and ended one hour ago (whole minutes): within its provider
 * editing window (EW2), which the server enforces on the writes below and on finalize.
 */
const START = recentStart(Date.now() - 60 * MIN);
const END = START + 180 * MIN;
/** A time as the report prints it in UTC: HH:MM, or YYYY-MM-DD HH:MM. */
const clock = (t: number): string => new Date(t).toISOString().slice(11, 16);
const dateTime = (t: number): string => `${new Date(t).toISOString().slice(0, 10)} ${clock(t)}`;

/** Vitals every 5 minutes from the start to the end: 37 entries, each number different. */
const MANUAL_VITALS = Array.from({ length: 37 }, (_, i) => ({
  id: `v${i}`,
  time: START + i * 5 * MIN,
  vitals: { sbp: 150 - i, dbp: 95 - i, hr: 90 - (i % 20), spo2: 99, rr: 12 + (i % 5), temp: 98.6 },
}));

const DISCHARGE_ENTRIES = {
  aldreteOxygenation: { score: 2 },
  aldreteRespiratoryStability: { score: 2 },
  aldreteConsciousness: { score: 1 },
  aldretePain: { score: 2 },
  aldreteNausea: { score: 2 },
  aldreteGait: { score: 2 },
};

let server: TestServer;
let c: ChartedCase;
/** The PDF's text, one entry per page (pdftotext ends each page with a form feed). */
let pages: string[];
let caseData: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer();
  c = await chartedCase(server, undefined, START);
  c.client.doc.transact(() => {
    const root = c.client.doc.getMap(CASE_ROOT);
    root.set('weight', { value: 70, raw: '70 kg' });
    root.set('height', { value: 165, raw: '165 cm' });
    root.set('events', {
      caseStart: START,
      anesthesiaStart: START + 5 * MIN,
      anesthesiaEnd: START + 95 * MIN,
      recoveryStart: START + 100 * MIN,
      vitalsEnd: END,
      end: END,
    });
    root.set('manualVitals', MANUAL_VITALS);
    root.set('localDoses', [
      {
        id: 'l1',
        drugVariantId: 'lidocaine-epi100',
        time: START + 10 * MIN,
        amount: 1,
        unit: 'cartridges',
        mg: 36,
        epiMg: 0.018,
      },
      // 8 more cartridges: 324 mg of lidocaine in all, past the AAPD maximum of 300 mg (4.4 mg/kg × 70 kg = 308).
      {
        id: 'l2',
        drugVariantId: 'lidocaine-epi100',
        time: START + 30 * MIN,
        amount: 8,
        unit: 'cartridges',
        mg: 288,
        epiMg: 0.144,
      },
    ]);
    root.set('airways', [
      {
        id: 'a1',
        type: 'nc',
        preOx: true,
        inflated: START + 6 * MIN,
        deflated: START + 96 * MIN,
        securedWith: 'Tape',
        notes: 'Nasal cannula at 2 L/min',
        eyeProtection: true,
      },
    ]);
    root.set('dischargeScoreType', 'aldrete');
    root.set('dischargeScoreEntries', DISCHARGE_ENTRIES);
    root.set('signatures', [{ name: 'Rita Recorder', signature: 'M 10 10 L 200 80', time: START + 170 * MIN }]);
  });
  await eventually(() => {
    if (c.client.provider.status.status !== 'synced') throw new Error(`sync status ${c.client.provider.status.status}`);
  }, 15_000);
  caseData = c.client.doc.getMap(CASE_ROOT).toJSON();
  const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
    timeZone: 'UTC',
  });
  const done = reply.lines.at(-1);
  if (done?.step !== 'done') throw new Error(`finalize did not finish: ${JSON.stringify(reply)}`);
  const pdfId = done.data!.pdfId as string;
  c.client.destroy();
  const binary = await fhir<{ data: string }>(server, c.member.browser, 'GET', `${c.orgId}/Binary/${pdfId}`);
  // Kept with the test's artifacts to look at (pdftoppm renders the pages).
  const dir = path.join(REPO_ROOT, 'test-results', 'report-legal-record');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, Buffer.from(binary.body.data, 'base64'));
  pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');
}, 120_000);

afterAll(async () => {
  await server.dispose();
});

describe('the signed PDF as a legal record (issue 25)', () => {
  it('[RL8] has several pages, each saying "Page N of M" with the right N and M', () => {
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it('[RL8] names the patient, the DOB and the case id on every page', () => {
    for (const page of pages) {
      expect(page).toContain('Patient: Lovelace, Ada');
      expect(page).toContain('DOB: 1990-01-02');
      expect(page).toContain(`Case ID: ${c.caseId}`);
    }
  });

  it('prints the Vitals Data Reference with every charted number (vitals tracking never switched off)', () => {
    const start = pages.findIndex((p) => p.includes('Vitals Data Reference'));
    expect(start).toBeGreaterThan(-1);
    const reference = pages.slice(start).join('\n');
    for (const v of MANUAL_VITALS) {
      const hhmm = new Date(v.time).toISOString().slice(11, 16);
      // One row per entry: its time, then SBP, DBP, MAP (VC1: DBP + (SBP − DBP) / 3, to the whole
      // mmHg), HR, SpO2, RR and the temperature in order.
      const map = Math.round(v.vitals.dbp + (v.vitals.sbp - v.vitals.dbp) / 3);
      const row = new RegExp(
        `${hhmm}\\s+${v.vitals.sbp}\\s+${v.vitals.dbp}\\s+${map}\\s+${v.vitals.hr}\\s+${v.vitals.spo2}\\s+${v.vitals.rr}\\s+98\\.6\\s+Manual`,
      );
      expect(reference).toMatch(row);
    }
  });

  it('prints weight and height in the units they were charted in (kg, cm), not the organisation default (lb, in)', () => {
    const text = pages.join('\n');
    expect(text).toContain('Weight: 70.0 kg');
    expect(text).toContain('Height: 165 cm');
    expect(text).not.toMatch(/Weight: [\d.]+ lb/);
  });

  it('prints "1 cartridge" for one cartridge and marks the dose that took lidocaine past its AAPD maximum', () => {
    const text = pages.join('\n');
    expect(text).toMatch(/1 cartridge\b(?!s)/);
    expect(text).toContain('8 cartridges');
    expect(text).not.toContain('1 cartridges');
    expect(text).toMatch(/8 cartridges\s+288 mg.*PAST MAXIMUM \(AAPD\)/);
    expect(text).not.toMatch(/1 cartridge\s+36 mg.*PAST MAXIMUM/);
    // Issue 29 (RL9): maxima on the dose weight, as the tracker and the gate use. Ada is 36, 70 kg, 165 cm, her sex
    // not recorded: Devine (women's) 45.5 + 2.3 × (165 / 2.54 − 60 = 4.961 in) = 56.91 → 56.9 kg ideal body weight.
    // 324 mg of lidocaine: 324 / 398.3 (7 mg/kg × 56.9 kg, under 500) = 81.35 → 81.4 %;
    // 324 / 250.3 (AAPD 4.4 × 56.9 = 250.36, rounded down) = 129.44 → 129.5 %.
    expect(text).toMatch(/Lidocaine\s+324 mg\s+398\.3 mg\s+81\.4%\s+250\.3 mg\s+129\.5%/);
    expect(text).toContain(
      "Dosing on ideal body weight 56.9 kg (Devine, women's formula: sex not recorded); actual weight 70 kg.",
    );
    // EP6: 9 cartridges of 1:100,000 = 0.162 mg of epinephrine, 81 % of the 0.2 mg a visit.
    expect(text).toContain(
      'Epinephrine this visit: 0.162 of 0.2 mg (81%), the limit of a visit for a healthy patient.',
    );
  });

  it('prints the discharge score with item names, what each score means, the vitals score and the total the screen shows', () => {
    const text = pages.join('\n');
    const model = caseDischarge(caseData);
    // The hand calculation: items 2+2+1+2+2+2 = 11; SBP 150 → 114 is -24 %, so the vitals score is 1; total 12 of 12.
    expect(model.summary).toMatchObject({ totalScore: 12, targetScore: 12, vitalsScore: 1, meetsTarget: true });
    expect(text).toContain('Discharge score (Aldrete)');
    expect(text).toContain('Oxygenation');
    expect(text).toContain('2: SpO2 over 92% on room air');
    expect(text).toContain('1: Arousable on calling');
    expect(text).toMatch(
      new RegExp(`Total\\s+${model.summary.totalScore} / target ${model.summary.targetScore}, target met`),
    );
    expect(text).not.toContain('aldreteOxygenation');
  });

  it('prints the airway by its type name with every field charted', () => {
    const text = pages.join('\n');
    expect(text).toContain('Nasal cannula');
    expect(text).toContain('Pre-oxygenated: Yes');
    expect(text).toContain('Secured with: Tape');
    expect(text).toContain('Notes: Nasal cannula at 2 L/min');
    expect(text).toContain(`Placed: ${clock(START + 6 * MIN)}`);
    expect(text).toContain(`Removed: ${clock(START + 96 * MIN)}`);
  });

  it('prints drug totals with the maximum for this patient and the percent given (DM2, DM3)', () => {
    // Midazolam IV for a 36-year-old: the adult maximum of 5 mg; 2 mg given is 40 %.
    expect(pages.join('\n')).toMatch(/Midazolam\s+Parenteral\s+2 mg\s+2 mg\s+5 mg\s+40%/);
  });

  it('prints the anesthesia time and units (90 minutes / 15 = 6.0 units)', () => {
    const text = pages.join('\n');
    expect(text).toContain('Anesthesia time: 90 min');
    expect(text).toContain('Anesthesia units: 6');
  });

  it('lists the signatures: the charted ones and the final signer the server recorded', async () => {
    const text = pages.join('\n');
    expect(text).toContain('Signatures');
    expect(text).toContain(`Signed by Rita Recorder at ${dateTime(START + 170 * MIN)}`);
    const r = await c.member.browser.gql<{ finalizedReports: { signerName: string }[] }>(
      'query ($orgId: String!) { finalizedReports(orgId: $orgId) { signerName } }',
      { orgId: c.orgId },
    );
    const signer = r.data!.finalizedReports[0]!.signerName;
    expect(signer).not.toBe('');
    expect(text).toContain(`Final signer: ${signer}`);
  });
});
