import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnesthesiaReport, DEMO_MARK, reportInput, runningHeaderOf, type ReportInput } from '@vigil/shared';
import { pageTemplates } from './pdf.js';
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
