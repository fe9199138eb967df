import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { AnesthesiaReport, DEMO_MARK, reportInput, runningHeaderOf, type ReportInput } from '@vigil/shared';
import { createLogger } from '../log.js';
import { ChromiumPdfPrinter, pageTemplates } from './pdf.js';
import { renderReportHtml } from './render.js';

const T0 = Date.UTC(2026, 10, 20, 14, 0);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="20"><path d="M0 10 L100 10"/></svg>';

function input(over: Partial<ReportInput> = {}): ReportInput {
  return reportInput({
    caseId: 'apt-123',
    patient: { id: 'pat-9', givenName: 'Ada', familyName: 'Lovelace', nickname: null, birthDate: '1990-01-02' },
    caseData: {
      procedure: 'Extraction',
      procedureDate: '2026-11-20',
      events: { caseStart: T0, end: T0 + 40 * 60_000 },
      manualVitals: [
        { time: T0, vitals: { sbp: 120, dbp: 80, hr: 72, spo2: 99, temperature: 37 }, temperatureUnit: 'C' },
      ],
      drugsAdministered: [{ name: 'Midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: T0 + 60_000 }] }],
    },
    generatedAt: T0 + 3_600_000,
    ...over,
  });
}

const pagesOf = (html: string): string[] => [...html.matchAll(/data-page="(\w+)"/g)].map((m) => m[1]!);

describe('the printable report rendered to HTML (spec 002 §2)', () => {
  it('renders a standalone document with the generated title (spec 002 §2, §5)', () => {
    const { html, title } = renderReportHtml(input(), 'Dr Grace Hopper');
    expect(title).toBe('Anesthesia Record - Lovelace, Ada - 2026-11-20');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).not.toMatch(/<script/i);
  });

  it('prints the footer on every page: case id, patient id, name, DOB, generated time and final signer', () => {
    const { html } = renderReportHtml(
      input({ caseData: { ...input().caseData, vitalsTrackingEnabled: true } }),
      'Dr Who',
    );
    expect(pagesOf(html)).toEqual(['record', 'vitalsData']);
    expect(html.match(/<footer/g)).toHaveLength(2);
    for (const text of [
      'Case ID: apt-123',
      'Patient ID: pat-9',
      'Patient: Lovelace, Ada',
      'DOB: 1990-01-02',
      'Generated: 2026-11-20 15:00',
      'Final signer: Dr Who',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('draws the final signature in the footer at 0.66 scale, cropped to the ink (spec 002 §9)', () => {
    // Ink from (10, 50) to (610, 250), padded by 4: 608 × 208 → 401 × 137 at 0.66.
    const { html } = renderReportHtml(
      input({ finalSignature: { name: 'Dr Who', path: 'M 10 50 L 610 250', time: T0 } }),
      'Dr Who',
    );
    expect(html).toContain('width="401" height="137" viewBox="6 46 608 208"');
    expect(html).toContain('d="M 10 50 L 610 250"');
  });

  it('draws the combo chart as SVG with its drug rows', () => {
    const { html } = renderReportHtml(input(), null);
    expect(html).toContain('data-chart-block="0"');
    expect(html).toContain('data-row="iv"');
    expect(html).toContain('Midazolam');
  });

  it('marks demo reports as not a real patient on every page (spec 002 §1)', () => {
    expect(renderReportHtml(input(), null).html).not.toContain(DEMO_MARK);
    const demo = renderReportHtml(
      input({ demo: true, caseData: { ...input().caseData, waves: [{ svg: SVG }] } }),
      null,
    ).html;
    expect(demo.split(DEMO_MARK)).toHaveLength(4); // three pages (record, waves, vitals data), one mark each
  });

  it('prints temperatures in the report unit (°F by default, converted from °C)', () => {
    const { html } = renderReportHtml(input({ caseData: { ...input().caseData, vitalsTrackingEnabled: true } }), null);
    expect(html).toContain('<th>Temp (°F)</th>');
    expect(html).toContain('<td>98.6</td>');
  });

  it('prints captured waveforms, the vitals data reference, the pre-op checklist and addenda pages in order', () => {
    const caseData = {
      ...input().caseData,
      waves: [{ name: 'Pleth', svg: SVG }],
      vitalsTrackingEnabled: true,
      separatePreOpPage: true,
      preOpChecklist: [{ label: 'NPO confirmed', complete: true }],
    };
    const addendum = {
      title: 'Late entry',
      text: 'Called patient',
      signerName: 'Dr Who',
      signature: 'M 1 1 L 2 2',
      signatureTime: T0,
    };
    const { html } = renderReportHtml(input({ caseData, addenda: [addendum] }), null);
    expect(pagesOf(html)).toEqual(['record', 'waves', 'vitalsData', 'preOp', 'addenda']);
    expect(html).toContain('Preoperative Sedation/Anesthesia Checklist');
    expect(html).toContain('Addendum: Late entry');
    expect(html).toContain('Called patient');
  });

  it('never injects a waveform svg the schema would refuse', () => {
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const { html } = renderReportHtml(input({ caseData: { waves: [{ name: 'x', svg: evil }] } }), null);
    expect(html).not.toContain('<script>');
  });

  it('puts spacers between pages in preview only (spec 002 §2)', () => {
    const caseData = { ...input().caseData, vitalsTrackingEnabled: true };
    const preview = renderToStaticMarkup(
      createElement(AnesthesiaReport, { input: input({ caseData }), signerName: null, preview: true }),
    );
    const print = renderToStaticMarkup(
      createElement(AnesthesiaReport, { input: input({ caseData }), signerName: null }),
    );
    expect(preview.match(/class="vr-spacer"/g)?.length).toBe(1);
    expect(print).not.toContain('class="vr-spacer"');
  });
});

describe('page header and footer of the printed PDF', () => {
  it('[RL8] carries the running header on every page, and "Page N of M" from Chromium’s page counters', () => {
    const { html } = renderReportHtml(input(), null);
    const header = runningHeaderOf(html);
    expect(header).toBe('Patient: Lovelace, Ada · DOB: 1990-01-02 · Case ID: apt-123');
    const t = pageTemplates(header);
    expect(t.headerTemplate).toContain('Patient: Lovelace, Ada · DOB: 1990-01-02 · Case ID: apt-123');
    expect(t.footerTemplate).toContain('Page <span class="pageNumber"></span> of <span class="totalPages"></span>');
  });

  it('[RL8] escapes the patient’s name in the templates (Chromium renders them as HTML)', () => {
    const t = pageTemplates('Patient: <img src=x onerror=alert(1)>');
    expect(t.headerTemplate).not.toContain('<img');
    expect(t.headerTemplate).toContain('&#60;img');
  });
});

describe('the printed PDF’s local anesthetics agree with the L.A. tracker and the gate (issue 29)', () => {
  const printer = new ChromiumPdfPrinter(createLogger('error'));
  afterAll(() => printer.close());

  /** Prints the report with Debian's Chromium and reads it back with poppler's pdftotext, as a reader would. */
  async function pdfTextOf(r: ReportInput): Promise<string> {
    const pdf = await printer.print(renderReportHtml(r, 'Dr Who').html, r.printWidth);
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-render-'));
    try {
      writeFileSync(path.join(dir, 'r.pdf'), pdf);
      return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const lidocaine = (minutes: number, cartridges: number) => ({
    drugVariantId: 'lidocaine-epi100',
    time: T0 + minutes * 60_000,
    amount: cartridges,
    unit: 'cartridges',
    mg: 36 * cartridges,
    epiMg: 0.018 * cartridges,
  });

  it('[RL9] [EP6] prints the percentages on the ideal body weight, names it, and prints the visit’s epinephrine', async () => {
    // A man of 36 (born 1990), 95 kg, 175 cm: Devine 50 + 2.3 × (175 / 2.54 − 60) = 70.46 → 70.4 kg.
    // 6 cartridges = 216 mg: manufacturer min(500, 7 × 70.4 = 492.8) → 43.83 → 43.9 %; AAPD min(300, 309.76) =
    // 300 mg → 72 %. Epinephrine 6 × 0.018 = 0.108 mg of 0.2 mg = 54 %.
    const text = await pdfTextOf(
      input({
        patient: { ...input().patient, sex: 'male' },
        caseData: {
          ...input().caseData,
          weight: { value: 95, raw: '95 kg' },
          height: { value: 175, raw: '175 cm' },
          localDoses: [lidocaine(5, 3), lidocaine(20, 3)],
        },
      }),
    );
    expect(text).toMatch(/Lidocaine\s+216 mg\s+492\.8 mg\s+43\.9%\s+300 mg\s+72%/);
    expect(text).toContain('Dosing on ideal body weight 70.4 kg (Devine, male); actual weight 95 kg.');
    expect(text).toContain(
      'Epinephrine this visit: 0.108 of 0.2 mg (54%), the limit of a visit for a healthy patient.',
    );
  }, 60_000);

  it('[EP6] prints the cardiac limit from the health history and marks it past', async () => {
    // A patient whose sex is not recorded: the women's formula, 45.5 + 2.3 × 8.897 = 65.96 → 65.9 kg.
    // 0.108 mg of 0.04 mg = 270 %.
    const text = await pdfTextOf(
      input({
        caseData: {
          ...input().caseData,
          weight: { value: 95, raw: '95 kg' },
          height: { value: 175, raw: '175 cm' },
          systemsReview: { cardiac: { entries: ['Angina'] } },
          localDoses: [lidocaine(5, 6)],
        },
      }),
    );
    expect(text).toContain(
      "Dosing on ideal body weight 65.9 kg (Devine, women's formula: sex not recorded); actual weight 95 kg.",
    );
    expect(text).toMatch(
      /Epinephrine this visit: 0\.108 of 0\.04 mg \(270%\), the limit of a visit with\s+cardiovascular disease; from the health history: Angina\. PAST THE LIMIT\./,
    );
  }, 60_000);
});
