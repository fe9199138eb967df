/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { REPORT_CHART, SIGNATURE_CANVAS } from '../constants/widgets.js';
import { IMAGE_BOUNDS } from '../images/raster.js';
import { SEDATION_LEVEL_LABELS, type SedationLevel } from '../enums.js';
import { bmi } from '../rules/bmi.js';
import { convertTemperature, vitalsIntervalMinutes } from '../rules/vitals.js';
import { splitAtGaps } from '../rules/vitals-chart.js';
import { SIMULATED_MARK } from './document.js';
import { TIMELINE_EVENT_LABELS } from '../rules/event-times.js';
import { AIRWAY_TYPES, type AirwayType } from '../enums.js';
import type { vitalSamples } from './chart.js';
import { caseDischarge } from './discharge.js';
import {
  AIRWAY_LABELS,
  DISCHARGE_TYPE_LABELS,
  dischargeChoiceText,
  VITAL_CHART_SERIES,
  VITALS_SCORE_LABELS,
} from './labels.js';
import { anesthesiaTime, caseAgeYears, caseWeightKg, drugTotalRows, localAnestheticReport } from './totals.js';
import { caseDoseWeight } from '../rules/ideal-body-weight.js';
import { WaveSvg } from './WaveSvg.js';
import { answerLabel } from '../rules/case-fields.js';
import {
  SYSTEMS_REVIEW_CATALOGUE,
  readSystemsReviewEntry,
  systemsReviewEntryText,
} from '../health-history/systems-review.js';
import type { SystemsReviewCategory } from '../enums.js';
import {
  hasSimulatedReadings,
  reportChart,
  vitalsReferenceSamples,
  vitalsAxisMax,
  vitalsGuides,
  type ChartLayout,
  type ChartRow,
} from './chart.js';
import { reportPatientName, type ReportAddendum, type ReportInput, type ReportSignature } from './model.js';
import {
  clock,
  dateOnly,
  dateTime,
  num,
  record,
  records,
  text,
  timeOf,
  yesNo,
  type CaseRecord,
} from '../case-data/read.js';
import {
  countedPreMeds,
  drugDoses,
  printableWaves,
  recordSections,
  REPORT_PAGES,
  RECORD_SECTIONS,
  reportPages,
  systemsReviewEntries,
  type RecordSectionId,
} from './rules.js';

/**
 * The printable report (spec 002 §2 "Printable report"): pure rendering of the report inputs
 * to HTML. The client previews it; the server renders it with renderToStaticMarkup and prints
 * it to PDF. Styles are inline in one <style> element so preview and print look the same.
 */

export const DEMO_MARK = 'DEMO - NOT A REAL PATIENT';

export const REPORT_CSS = `
.vr{font-family:Helvetica,Arial,sans-serif;font-size:11px;color:#111;line-height:1.3}
.vr *{box-sizing:border-box}
.vr-page{background:#fff;padding:24px;margin:0 auto;position:relative;break-after:page;page-break-after:always}
.vr-page:last-of-type{break-after:auto;page-break-after:auto}
.vr-spacer{height:24px;background:transparent}
.vr h1{font-size:18px;margin:0 0 8px}
.vr h2{font-size:12px;margin:10px 0 4px;padding:2px 4px;background:#e8edf2;border-bottom:1px solid #9aa}
.vr table{border-collapse:collapse;width:100%}
.vr td,.vr th{border:1px solid #bbb;padding:2px 4px;text-align:left;vertical-align:top}
.vr th{background:#f3f5f7;font-weight:600}
.vr .vr-fields{display:grid;grid-template-columns:repeat(3,1fr);gap:2px 12px}
.vr .vr-field b{font-weight:600}
.vr .vr-demo{border:2px solid #c00;color:#c00;font-weight:700;text-align:center;padding:4px;margin-bottom:8px;letter-spacing:1px}
.vr .vr-footer{border-top:1px solid #999;margin-top:12px;padding-top:6px;display:flex;justify-content:space-between;gap:12px;font-size:10px;break-inside:avoid}
.vr .vr-pre{white-space:pre-wrap}
.vr svg text{font-family:Helvetica,Arial,sans-serif}
.vr section{break-inside:avoid}
`;

const SECTION_TITLES = Object.fromEntries(RECORD_SECTIONS) as Readonly<Record<RecordSectionId, string>>;

function Field({ label, value }: { label: string; value: ReactNode }): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="vr-field">
      <b>{label}:</b> {value}
    </div>
  );
}

function Section({ id, children }: { id: RecordSectionId; children: ReactNode }): ReactNode {
  return (
    <section data-section={id}>
      {SECTION_TITLES[id] !== '' && <h2>{SECTION_TITLES[id]}</h2>}
      {children}
    </section>
  );
}

function Pre({ children }: { children: string | null }): ReactNode {
  return children ? <div className="vr-pre">{children}</div> : null;
}

/**
 * The box a signature path's points cover, padded by the stroke; null without points. [IM1] The
 * box never passes a signature image's bounds (3000 × 1500): a path with far-off points is cut
 * there, so a printed signature is never a picture of millions of pixels.
 */
export function signatureBounds(path: string): { x: number; y: number; width: number; height: number } | null {
  const numbers = (path.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (numbers.length < 2) return null;
  const within = (v: number, max: number): number => Math.min(Math.max(v, 0), max);
  const xs = numbers.filter((_, i) => i % 2 === 0).map((v) => within(v, IMAGE_BOUNDS.signature.maxWidth));
  const ys = numbers.filter((_, i) => i % 2 === 1).map((v) => within(v, IMAGE_BOUNDS.signature.maxHeight));
  const pad = 4;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, width: Math.max(...xs) + pad - x, height: Math.max(...ys) + pad - y };
}

/**
 * A signature path drawn on the signature canvas (spec 002 §9: 660×300), scaled: the drawing
 * keeps its size times `scale`, cropped to the ink so the blank canvas takes no room.
 */
export function SignatureImage({ path, scale, label }: { path: string; scale: number; label: string }): ReactNode {
  const box = signatureBounds(path) ?? {
    x: 0,
    y: 0,
    width: SIGNATURE_CANVAS.maxWidth,
    height: SIGNATURE_CANVAS.height,
  };
  return (
    <svg
      role="img"
      aria-label={label}
      width={Math.round(box.width * scale)}
      height={Math.round(box.height * scale)}
      viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
    >
      <path d={path} fill="none" stroke="#000" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function measurement(value: unknown, raw: unknown): string | null {
  const r = text(raw) ?? text(record(value)?.raw);
  if (r) return r;
  const v = num(record(value)?.value) ?? num(value);
  return v === null ? null : String(v);
}

/**
 * [RL7] The unit a weight or height was charted in: the unit typed in its raw text ("70 kg",
 * "154 lb", "5'4\"", "162 cm"), else the organisation's default (a number typed alone was read
 * in it, HW1/HW2).
 */
export function chartedWeightUnit(raw: string | null, orgDefault: 'kg' | 'lb'): 'kg' | 'lb' {
  const unit = /(kg|kgs|kilograms?|lb|lbs|pounds?|#)\.?\s*$/i.exec(raw?.trim() ?? '')?.[1]?.toLowerCase();
  if (unit === undefined) return orgDefault;
  return unit.startsWith('k') ? 'kg' : 'lb';
}

/** [RL7] As chartedWeightUnit, for a height: cm, or inches for inches and feet. */
export function chartedHeightUnit(raw: string | null, orgDefault: 'cm' | 'in'): 'cm' | 'in' {
  const t = raw?.trim().toLowerCase() ?? '';
  if (/(cm|centimetres?|centimeters?)\.?$/.test(t)) return 'cm';
  if (/('|’|ft|feet|foot|"|”|in|inch|inches)\.?$/.test(t)) return 'in';
  return orgDefault;
}

function rawOf(caseData: CaseRecord, key: 'weight' | 'height'): string | null {
  return text(record(caseData[key])?.raw) ?? text(caseData[`${key}_raw`]);
}

function heightText(caseData: CaseRecord, orgDefault: ReportInput['heightUnit']): string | null {
  const cm = num(record(caseData.height)?.value) ?? num(caseData.height);
  if (cm === null) return measurement(caseData.height, caseData.height_raw);
  return chartedHeightUnit(rawOf(caseData, 'height'), orgDefault) === 'cm'
    ? `${Math.round(cm)} cm`
    : `${(cm / 2.54).toFixed(1)} in`;
}

function weightText(caseData: CaseRecord, orgDefault: ReportInput['weightUnit']): string | null {
  const kg = num(record(caseData.weight)?.value) ?? num(caseData.weight);
  if (kg === null) return measurement(caseData.weight, caseData.weight_raw);
  return chartedWeightUnit(rawOf(caseData, 'weight'), orgDefault) === 'kg'
    ? `${kg.toFixed(1)} kg`
    : `${(kg / 0.45359237).toFixed(1)} lb`;
}

function sedationLevelText(value: unknown): string | null {
  const t = text(value);
  if (t === null) return null;
  return SEDATION_LEVEL_LABELS[t as SedationLevel] ?? t;
}

function TopSection({ input }: { input: ReportInput }): ReactNode {
  const c = input.caseData;
  const kg = num(record(c.weight)?.value);
  const cm = num(record(c.height)?.value);
  const bmiValue = kg !== null && cm !== null ? bmi(kg, cm) : null;
  return (
    <Section id="top">
      <div className="vr-fields">
        <Field label="Patient" value={reportPatientName(input.patient)} />
        <Field label="DOB" value={input.patient.birthDate} />
        <Field label="Date" value={text(c.procedureDate)} />
        <Field label="Procedure" value={text(c.procedure) ?? input.procedureDescription} />
        <Field label="Location" value={[input.location, input.room].filter(Boolean).join(' / ') || null} />
        <Field label="Primary provider" value={input.primaryProviderName} />
        <Field label="Surgeon" value={text(c.surgeonName)} />
        <Field label="Sedation provider" value={text(c.sedationProviderName)} />
        <Field label="Recorder" value={text(c.recorderName)} />
        <Field label="Sedation level" value={sedationLevelText(c.sedationLevel)} />
        <Field label="ASA" value={text(c.asaClassification)} />
        <Field label="Height" value={heightText(c, input.heightUnit)} />
        <Field label="Weight" value={weightText(c, input.weightUnit)} />
        <Field label="BMI" value={bmiValue === null ? null : String(bmiValue)} />
        <Field label="Allergies" value={text(c.allergiesSummary)} />
        <Field label="Reason for sedation" value={text(c.reasonForSedation)} />
        <Field label="Present" value={text(c.present)} />
        <Field label="Responsible companion" value={text(c.responsibleCompanion)} />
        <Field label="Last food" value={text(c.lastFood)} />
        <Field label="Last drink" value={text(c.lastDrink)} />
        <Field label="Started on room air" value={yesNo(c.startedOnRoomAir)} />
      </div>
    </Section>
  );
}

/** The referral as one line: 'Dr. Ortiz, member M-77, 2026-11-20' (spec 001 §3 rfr). */
function referralText(value: unknown, timeZone: string): string | null {
  const r = record(value);
  const name = text(r?.name);
  if (!r || name === null) return null;
  const t = timeOf(r.time);
  const memId = text(r.memId);
  return [name, memId === null ? null : `member ${memId}`, t === null ? null : dateOnly(t, timeZone)]
    .filter(Boolean)
    .join(', ');
}

function HealthHistory({ c, timeZone }: { c: CaseRecord; timeZone: string }): ReactNode {
  return (
    <Section id="healthHistory">
      <div className="vr-fields">
        <Field label="Allergies" value={text(c.allergiesSummary)} />
        <Field label="Health history" value={text(c.healthHistorySummary)} />
        <Field label="Hospitalizations" value={text(c.hospitalizationSummary)} />
        <Field label="Surgical history" value={text(c.surgicalHistorySummary)} />
        <Field label="Anesthesia history" value={text(c.anesthesiaHistorySummary)} />
        <Field label="Family anesthesia history" value={text(c.familyAnesthesiaHistorySummary)} />
        <Field label="Pregnant" value={answerLabel(c.pregnant)} />
        <Field label="Pregnancy detail" value={text(c.pregnancyDetail)} />
        <Field label="Breastfeeding" value={answerLabel(c.breastfeeding)} />
        <Field label="Breastfeeding instructions given" value={yesNo(c.breastfeedingInstructionsGiven)} />
        <Field label="Referral" value={referralText(c.rfr, timeZone)} />
      </div>
      <Pre>{text(c.healthHistoryNotes)}</Pre>
    </Section>
  );
}

const CATEGORY_LABELS = new Map<string, string>(SYSTEMS_REVIEW_CATALOGUE.map((c) => [c.id, c.label]));

/** A systems review entry as one line: SR2 for the editor's entries, else its text fields. */
function entryText(category: string, entry: unknown): string {
  if (typeof entry === 'string') return entry;
  const structured = readSystemsReviewEntry(entry);
  if (structured && CATEGORY_LABELS.has(category)) {
    return systemsReviewEntryText(category as SystemsReviewCategory, structured);
  }
  const r = record(entry);
  if (!r) return String(entry);
  return (
    [text(r.name), text(r.condition), text(r.details), text(r.text), text(r.note)].filter(Boolean).join(': ') ||
    JSON.stringify(r)
  );
}

function SystemsReview({ c }: { c: CaseRecord }): ReactNode {
  if (c.systemsReviewSkipped === true)
    return (
      <Section id="systemsReview">
        <div>Systems review skipped.</div>
      </Section>
    );
  return (
    <Section id="systemsReview">
      <table>
        <tbody>
          {systemsReviewEntries(c).map(({ category, entries }) => (
            <tr key={category}>
              <th style={{ width: 140 }}>{CATEGORY_LABELS.get(category) ?? category}</th>
              <td>{entries.length > 0 ? entries.map((e) => entryText(category, e)).join('; ') : 'Yes'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Medications({ c }: { c: CaseRecord }): ReactNode {
  const names = records(c.medications)
    .map((m) => text(m.name))
    .filter((n): n is string => n !== null);
  return (
    <Section id="medications">
      {names.length > 0 && <div>{names.join(', ')}</div>}
      <Pre>{text(c.medicationsText)}</Pre>
    </Section>
  );
}

/** A Mallampati or upper lip bite class as a clinician reads it: 'Class II' (stored 'II' or 'Class II'). */
function airwayClass(value: unknown): string | null {
  const t = text(value);
  return t === null ? null : `Class ${t.replace(/^Class\s+/i, '')}`;
}

/** An airway distance (stored in cm as a number) with its unit. */
function centimetres(value: unknown): string | null {
  const t = text(value);
  return t === null ? null : /^[\d.]+$/.test(t) ? `${t} cm` : t;
}

function PhysicalAssessment({ c }: { c: CaseRecord }): ReactNode {
  return (
    <Section id="physicalAssessment">
      <div className="vr-fields">
        <Field label="Mallampati" value={airwayClass(c.mallampati)} />
        <Field label="Brodsky" value={text(c.brodsky)} />
        <Field label="Upper lip bite" value={airwayClass(c.ulbt)} />
        <Field label="Thyromental distance" value={centimetres(c.tmd)} />
        <Field label="Inter-incisor distance" value={centimetres(c.iid)} />
        <Field label="Lungs" value={text(c.lungAuscultation)} />
        <Field label="Heart" value={text(c.heartAuscultation)} />
      </div>
    </Section>
  );
}

function DoseTable({ rows, timeZone }: { rows: { name: string; dose: CaseRecord }[]; timeZone: string }): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Time</th>
          <th>Drug</th>
          <th>Route</th>
          <th>Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ name, dose }, i) => {
          const t = timeOf(dose.time);
          return (
            <tr key={i}>
              <td>{t === null ? '' : clock(t, timeZone)}</td>
              <td>{name}</td>
              <td>{text(dose.route) ?? ''}</td>
              <td>{[text(dose.amount_raw) ?? text(dose.amount), text(dose.unit)].filter(Boolean).join(' ')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ListTable({ head, rows }: { head: string[]; rows: (string | null)[][] }): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((cell, j) => (
              <td key={j}>{cell ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function eventLabel(id: string): string {
  if (id in TIMELINE_EVENT_LABELS) return TIMELINE_EVENT_LABELS[id as keyof typeof TIMELINE_EVENT_LABELS];
  if (id === 'timeout') return 'Timeout';
  if (id.endsWith('_position')) return `Position (${id.slice(0, -'_position'.length)})`;
  return id;
}

function pctText(pct: number | null): string {
  return pct === null ? 'no maximum' : `${pct}%`;
}

function mgText(mg: number | null): string | null {
  return mg === null ? null : `${Number(mg.toFixed(2))} mg`;
}

/**
 * [RL4] [RL9] [EP6] Local anesthetic doses with amounts as charted, totals against both limit sets on
 * the dose weight (named), doses past a maximum marked, and the visit's epinephrine.
 */
function LocalAnesthetics({ input }: { input: ReportInput }): ReactNode {
  const c = input.caseData;
  const ageYears = caseAgeYears(input.patient.birthDate, c, input.generatedAt);
  const sex = input.patient.sex ?? null;
  const report = localAnestheticReport(c, caseDoseWeight(c, { ageYears, sex }), { ageYears, sex });
  const mark = (sets: readonly string[]): string =>
    sets.length === 0 ? '' : `PAST MAXIMUM (${sets.map((x) => (x === 'aapd' ? 'AAPD' : 'manufacturer')).join(', ')})`;
  return (
    <Section id="localAnesthetics">
      <ListTable
        head={['Time', 'Local anesthetic', 'Amount', 'mg', 'Epinephrine mg', 'Maximum']}
        rows={report.doses.map((d) => [
          d.time === null ? null : clock(d.time, input.timeZone),
          d.name,
          d.amount,
          mgText(d.mg),
          d.epiMg === null ? null : `${Number(d.epiMg.toFixed(4))} mg`,
          mark(d.pastMaximum) || null,
        ])}
      />
      {report.totals.length > 0 && (
        <ListTable
          head={[
            'Local anesthetic total',
            'mg',
            'Manufacturer maximum',
            '% of maximum',
            'AAPD maximum',
            '% of maximum',
          ]}
          rows={[
            ...report.totals.map((t) => [
              t.name,
              `${t.mg} mg`,
              mgText(t.maxMg.manufacturer) ?? 'none',
              pctText(t.pct.manufacturer),
              mgText(t.maxMg.aapd) ?? 'none',
              pctText(t.pct.aapd),
            ]),
            [
              'All local anesthetics combined',
              null,
              null,
              `${report.combinedPct.manufacturer}%`,
              null,
              `${report.combinedPct.aapd}%`,
            ],
          ]}
        />
      )}
      {report.weightText !== null && report.totals.length > 0 && <div>{report.weightText}</div>}
      {report.weightMissing && (
        <div>No weight recorded: only the absolute maximum of each local anesthetic was applied.</div>
      )}
      {report.epinephrine !== null && <div>{report.epinephrine.text}</div>}
    </Section>
  );
}

/** [RL5] Drug totals with maxDose and pctOfMax, as the drugs section shows them. */
function DrugTotals({ input }: { input: ReportInput }): ReactNode {
  const c = input.caseData;
  const rows = drugTotalRows(c, caseWeightKg(c), caseAgeYears(input.patient.birthDate, c, input.generatedAt));
  return (
    <Section id="drugTotals">
      <ListTable
        head={['Drug', 'Route', 'Total', 'Given during procedure', 'Maximum dose', '% of maximum']}
        rows={rows.map((r) => [
          r.name,
          r.group === 'oral' ? 'Oral' : 'Parenteral',
          `${r.total} ${r.unit}`,
          `${r.givenDuringProcedure} ${r.unit}`,
          r.maxDose === null ? 'none known' : `${r.maxDose.amount} ${r.maxDose.unit}`,
          r.pctOfMax === null ? null : `${r.pctOfMax}%${r.pctOfMax > 100 ? ' PAST MAXIMUM' : ''}`,
        ])}
      />
    </Section>
  );
}

function airwayTypeName(a: CaseRecord): string {
  const type = text(a.type);
  if (type === 'other') return text(a.otherType) ?? AIRWAY_LABELS.other;
  return type !== null && (AIRWAY_TYPES as readonly string[]).includes(type)
    ? AIRWAY_LABELS[type as AirwayType]
    : (type ?? 'Airway');
}

/** Every field of each airway as charted (spec 002 §3 airway items), its type by name. */
function Airways({ c, timeZone }: { c: CaseRecord; timeZone: string }): ReactNode {
  const at = (v: unknown): string | null => {
    const t = timeOf(v);
    return t === null ? null : clock(t, timeZone);
  };
  const n = (v: unknown, unit: string): string | null => (num(v) === null ? null : `${num(v)}${unit}`);
  return (
    <Section id="airway">
      {records(c.airways).map((a, i) => (
        <div key={i} data-airway={i} style={{ marginBottom: 6 }}>
          <div>
            <b>{airwayTypeName(a)}</b>
          </div>
          <div className="vr-fields">
            <Field label="Placed" value={at(a.inflated)} />
            <Field label="Removed" value={at(a.deflated)} />
            <Field label="Pre-oxygenated" value={yesNo(a.preOx)} />
            <Field label="Secured with" value={text(a.securedWith)} />
            <Field label="Placement confirmed by" value={text(a.confirmation)} />
            <Field label="PEEP" value={n(a.peep, ' cmH2O')} />
            <Field label="SpO2 before removal" value={n(a.preRemovalSpo2, '%')} />
            <Field label="SpO2 after removal" value={n(a.postRemovalSpo2, '%')} />
            <Field label="Eye protection" value={yesNo(a.eyeProtection)} />
            <Field label="Placement complications" value={text(a.placementCompDetail)} />
            <Field label="Removal complications" value={yesNo(a.removalComp)} />
            <Field label="Removal complication details" value={text(a.removalCompDetail)} />
          </div>
          <Field label="Notes" value={text(a.notes)} />
          <Field label="Removal notes" value={text(a.removalNotes)} />
        </div>
      ))}
    </Section>
  );
}

/** [RL6] Anesthesia time and units under the events. */
function AnesthesiaTime({ c }: { c: CaseRecord }): ReactNode {
  const t = anesthesiaTime(c);
  if (t === null) return null;
  return (
    <div className="vr-fields" style={{ marginTop: 4 }}>
      <Field label="Anesthesia time" value={`${t.minutes} min`} />
      <Field label="Anesthesia units" value={String(t.units)} />
    </div>
  );
}

/** [RL2] The discharge score as the Discharge section shows it: item names and what each score means, vitals score, total and target. */
function DischargeTable({ c }: { c: CaseRecord }): ReactNode {
  const m = caseDischarge(c);
  const s = m.summary;
  return (
    <>
      <ListTable
        head={[`Discharge score (${DISCHARGE_TYPE_LABELS[m.type]})`, 'Score']}
        rows={[
          ...m.items.map((item) => [
            item.label,
            item.score === null ? 'not scored' : dischargeChoiceText(item.id, item.score),
          ]),
          [
            'Vitals',
            s.vitalsScore === null
              ? 'not enough vitals'
              : `${s.vitalsScore}: ${VITALS_SCORE_LABELS[s.vitalsScore] ?? ''}`.trim(),
          ],
          [
            'Total',
            `${s.totalScore} / target ${s.targetScore}${s.complete ? (s.meetsTarget ? ', target met' : ', below target') : ', incomplete'}`,
          ],
        ]}
      />
      {m.comparisons.length > 0 && (
        <ListTable
          head={['Vital', 'First', 'Last', 'Change']}
          rows={m.comparisons.map((v) => [
            v.name,
            String(v.startValue),
            String(v.endValue),
            v.percentageDelta === null ? null : `${v.percentageDelta}%`,
          ])}
        />
      )}
    </>
  );
}

function RecordSection({ id, input }: { id: RecordSectionId; input: ReportInput }): ReactNode {
  const c = input.caseData;
  const tz = input.timeZone;
  const at = (v: unknown): string | null => {
    const t = timeOf(v);
    return t === null ? null : clock(t, tz);
  };
  const doses = drugDoses(c);
  switch (id) {
    case 'top':
      return <TopSection input={input} />;
    case 'healthHistory':
      return <HealthHistory c={c} timeZone={tz} />;
    case 'systemsReview':
      return <SystemsReview c={c} />;
    case 'medications':
      return <Medications c={c} />;
    case 'medicalConsult':
      return (
        <Section id="medicalConsult">
          <Field label="Medical consult" value={yesNo(c.medicalConsult)} />
          <Pre>{text(c.medicalConsultNotes)}</Pre>
        </Section>
      );
    case 'physicalAssessment':
      return <PhysicalAssessment c={c} />;
    case 'preAnesthesiaRisk':
      return (
        <Section id="preAnesthesiaRisk">
          <Field label="ASA" value={text(c.asaClassification)} />
          <Pre>{text(c.preProcedureRiskAssessment)}</Pre>
        </Section>
      );
    case 'surgicalTimeout': {
      const texts = (Array.isArray(c.timeoutText) ? c.timeoutText : [c.timeoutText])
        .map(text)
        .filter((s): s is string => s !== null);
      return (
        <Section id="surgicalTimeout">
          <Field label="Time" value={at(record(c.events)?.timeout)} />
          {texts.map((t, i) => (
            <div key={i}>{t}</div>
          ))}
        </Section>
      );
    }
    case 'preOpChecks': {
      const checks = (list: unknown): (string | null)[][] =>
        records(list)
          .sort((a, b) => (num(a.order) ?? 0) - (num(b.order) ?? 0))
          .filter((i) => text(i.label) !== null)
          .map((i) => [text(i.label), i.complete === true ? 'Yes' : 'No']);
      const preOp = checks(c.preOpChecklist);
      const operative = checks(c.optChecks);
      return (
        <Section id="preOpChecks">
          {preOp.length > 0 && <ListTable head={['Check', 'Done']} rows={preOp} />}
          {operative.length > 0 && <ListTable head={['Operative check', 'Done']} rows={operative} />}
        </Section>
      );
    }
    case 'preProcedureMeds':
      return (
        <Section id="preProcedureMeds">
          <ListTable
            head={['Time', 'Drug', 'Route', 'Dose']}
            rows={[
              ...countedPreMeds(c).map((p) => [
                at(p.time),
                text(p.drugName),
                text(p.route),
                [text(p.dosage), text(p.unit)].filter(Boolean).join(' '),
              ]),
              ...doses
                .filter((d) => d.dose.isPreProcedure === true)
                .map((d) => [
                  at(d.dose.time),
                  d.name,
                  text(d.dose.route),
                  [text(d.dose.amount), text(d.dose.unit)].filter(Boolean).join(' '),
                ]),
            ]}
          />
        </Section>
      );
    case 'oralSedatives':
    case 'parenteral':
    case 'inhalation': {
      const group = id === 'oralSedatives' ? 'oral' : id;
      return (
        <Section id={id}>
          <DoseTable rows={doses.filter((d) => d.group === group && d.dose.isPreProcedure !== true)} timeZone={tz} />
        </Section>
      );
    }
    case 'localAnesthetics':
      return <LocalAnesthetics input={input} />;
    case 'drugTotals':
      return <DrugTotals input={input} />;
    case 'signatures':
      return (
        <Section id="signatures">
          {records(c.signatures).map((g, i) => (
            <SignedBy key={i} value={g} timeZone={tz} />
          ))}
        </Section>
      );
    case 'signoffOverrides':
      return (
        <Section id="signoffOverrides">
          <ListTable
            head={['Flag', 'Reason', 'User', 'Time']}
            rows={records(c.signoffOverrides).map((o) => [
              [text(o.flagId), text(o.message)].filter(Boolean).join(': ') || null,
              text(o.reason),
              text(o.name),
              ((t) => (t === null ? null : dateTime(t, tz)))(timeOf(o.time)),
            ])}
          />
        </Section>
      );
    case 'infusions':
      return (
        <Section id="infusions">
          {records(c.infusionDrugs).length > 0 && (
            <ListTable
              head={['Infusion', 'Unit', 'Total', 'Wasted']}
              rows={records(c.infusionDrugs).map((d) => [text(d.name), text(d.unit), text(d.total), text(d.wasted)])}
            />
          )}
          <DoseTable rows={doses.filter((d) => d.group === 'infusion')} timeZone={tz} />
        </Section>
      );
    case 'ivFluids':
      return (
        <Section id="ivFluids">
          <ListTable
            head={['Started', 'Site', 'Side', 'Gauge', 'Attempts', 'Secured with', 'Removed', 'Solutions']}
            rows={records(c.ivSites).map((s) => [
              at(s.time),
              text(s.name),
              text(s.side),
              text(s.needleGauge),
              text(s.attempts),
              text(s.securedWith),
              at(s.timeRemoved),
              records(s.solutions)
                .map((x) =>
                  [text(x.name), num(x.amount) === null ? null : `${num(x.amount)} mL`].filter(Boolean).join(' '),
                )
                .join(', '),
            ])}
          />
          {doses.some((d) => d.group === 'fluid') && (
            <DoseTable rows={doses.filter((d) => d.group === 'fluid')} timeZone={tz} />
          )}
        </Section>
      );
    case 'airway':
      return <Airways c={c} timeZone={tz} />;
    case 'position':
      return (
        <Section id="position">
          <ListTable
            head={['Time', 'Position']}
            rows={records(c.positions)
              .filter((p) => text(p.name) !== null)
              .map((p) => [at(p.time), text(p.name)])}
          />
        </Section>
      );
    case 'events':
      return (
        <Section id="events">
          <ListTable
            head={['Event', 'Time']}
            rows={Object.entries(record(c.events) ?? {})
              .map(([k, v]) => [k, timeOf(v)] as const)
              .filter((e): e is readonly [string, number] => e[1] !== null)
              .sort((a, b) => a[1] - b[1])
              .map(([k, t]) => [eventLabel(k), clock(t, tz)])}
          />
          <AnesthesiaTime c={c} />
        </Section>
      );
    case 'notes':
      return (
        <Section id="notes">
          <Pre>{text(c.procedureNotes)}</Pre>
          <SignedBy value={c.procedureNotesSignature} timeZone={tz} />
        </Section>
      );
    case 'recoveryNotes':
      return (
        <Section id="recoveryNotes">
          <Pre>{text(c.recoveryNotes)}</Pre>
          <SignedBy value={c.recoveryNotesSignature} timeZone={tz} />
        </Section>
      );
    case 'ecgRhythm': {
      const ecg = printableWaves(c).find((w) => /ecg/i.test(text(w.type) ?? ''));
      return (
        <Section id="ecgRhythm">
          {ecg && <WaveSvg svg={String(ecg.svg)} label={`ECG rhythm ${text(ecg.name) ?? ''}`} />}
        </Section>
      );
    }
    case 'discharge': {
      const others = records(c.otherLocalAnesthetics);
      return (
        <Section id="discharge">
          {Object.keys(record(c.dischargeScoreEntries) ?? {}).length > 0 && <DischargeTable c={c} />}
          <Field label="Final room air SpO2" value={text(c.finalRoomAirSpO2)} />
          <Field label="Estimated blood loss (mL)" value={text(c.ebl)} />
          <Field label="Other local anesthetics" value={text(c.otherLocalAnesthetics)} />
          {others.length > 0 && (
            <ListTable
              head={['Other local anesthetic', 'Amount']}
              rows={others.map((o) => [text(o.name), [text(o.amount), text(o.unit)].filter(Boolean).join(' ')])}
            />
          )}
        </Section>
      );
    }
  }
}

function SignedBy({ value, timeZone }: { value: unknown; timeZone: string }): ReactNode {
  const s = record(value);
  const name = text(s?.name);
  const path = text(s?.signature);
  const time = timeOf(s?.time);
  if (!s || (!name && !path)) return null;
  return (
    <div>
      {path && (
        <SignatureImage
          path={path}
          scale={SIGNATURE_CANVAS.reportFooterScale / 2}
          label={`Signature of ${name ?? ''}`}
        />
      )}
      <div>
        Signed by {name ?? 'unknown'}
        {time !== null ? ` at ${dateTime(time, timeZone)}` : ''}
      </div>
    </div>
  );
}

/** A sample's value of a chart series (manual entries say temp for temperature). */
function seriesValue(s: { values: Record<string, number> }, keys: readonly string[]): number | undefined {
  for (const k of keys) if (s.values[k] !== undefined) return s.values[k];
  return undefined;
}

/** Lines drawn for these; systolic and diastolic are drawn as the usual v and ^ marks instead. */
const LINE_SERIES = VITAL_CHART_SERIES.filter((v) => v.id !== 'sbp' && v.id !== 'dbp');
const SBP = VITAL_CHART_SERIES.find((v) => v.id === 'sbp')!;
const DBP = VITAL_CHART_SERIES.find((v) => v.id === 'dbp')!;

const VITALS_ROWS = 12;

function ChartBlockSvg({
  layout,
  index,
  rows,
  samples,
  width,
  timeZone,
  intervalMinutes,
}: {
  layout: ChartLayout;
  index: number;
  rows: ChartRow[];
  samples: ReturnType<typeof vitalSamples>;
  width: number;
  timeZone: string;
  intervalMinutes: 5 | 10;
}): ReactNode {
  const block = layout.blocks[index]!;
  const { rowHeight: rh, leftGutter: left } = REPORT_CHART;
  const stepMs = layout.stepMinutes * 60_000;
  const blockEnd = block.start + block.gridColumns * stepMs;
  const firstColumn = Math.round((block.start - layout.start) / stepMs);
  const gridW = block.gridColumns * block.columnWidth;
  const vitalsTop = rh;
  const vitalsH = VITALS_ROWS * rh;
  const last = index === layout.blocks.length - 1;
  // The case's end belongs to the last block (the grid closes on it).
  const inBlock = samples.filter((s) => s.time >= block.start && (s.time < blockEnd || (last && s.time <= blockEnd)));
  const axisMax = vitalsAxisMax(samples.flatMap((s) => VITAL_CHART_SERIES.map((v) => seriesValue(s, v.keys) ?? 0)));
  const x = (t: number): number => left + ((t - block.start) / stepMs) * block.columnWidth;
  const y = (v: number): number => vitalsTop + vitalsH - (Math.min(v, axisMax) / axisMax) * vitalsH;
  const rowsTop = vitalsTop + vitalsH;
  const height = rowsTop + Math.max(rows.length, 1) * rh + 1;
  const columns = Array.from({ length: block.gridColumns }, (_, i) => i);
  // The case's end, when it falls in this block: a closing line there (RC2).
  const endX = last ? x(layout.caseEnd) : null;
  const legend = [SBP, DBP, ...LINE_SERIES];
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Chart ${clock(block.start, timeZone)} to ${clock(blockEnd, timeZone)}`}
      data-chart-block={index}
    >
      <rect x={0} y={0} width={width} height={height} fill="#fff" />
      {columns.map((i) => (
        <g key={i}>
          <line
            x1={left + i * block.columnWidth}
            x2={left + i * block.columnWidth}
            y1={0}
            y2={height}
            stroke="#ccc"
            strokeWidth={0.5}
          />
          <text x={left + i * block.columnWidth + 2} y={rh - 4} fontSize={9}>
            {clock(block.start + i * stepMs, timeZone)}
          </text>
        </g>
      ))}
      <line x1={left + gridW} x2={left + gridW} y1={0} y2={height} stroke="#ccc" strokeWidth={0.5} />
      {endX !== null && (
        <g data-case-end="">
          <line x1={endX} x2={endX} y1={rh} y2={height} stroke="#333" strokeWidth={1} strokeDasharray="3 2" />
          <text x={endX - 2} y={rh + 9} fontSize={8} textAnchor="end">
            End {clock(layout.caseEnd, timeZone)}
          </text>
        </g>
      )}
      {vitalsGuides(axisMax).map((g) => (
        <g key={g}>
          <line x1={left} x2={left + gridW} y1={y(g)} y2={y(g)} stroke="#ddd" strokeWidth={0.5} />
          <text x={left - 4} y={y(g) + 3} fontSize={8} textAnchor="end">
            {g}
          </text>
        </g>
      ))}
      <text x={4} y={vitalsTop + 12} fontSize={9} fontWeight={600}>
        Vitals
      </text>
      {legend.map((s, i) => (
        <text key={s.id} x={4} y={vitalsTop + 24 + i * 10} fontSize={8} fill={s.colour} data-legend={s.id}>
          {s.id === 'sbp' ? 'SBP v' : s.id === 'dbp' ? 'DBP ^' : `${s.label} —`}
        </text>
      ))}
      {inBlock.map((s, i) => {
        const sbp = s.values.sbp;
        const dbp = s.values.dbp;
        const cx = x(s.time);
        return (
          <g key={`bp${i}`}>
            {sbp !== undefined && (
              <path
                d={`M ${cx - 3} ${y(sbp) - 4} L ${cx} ${y(sbp)} L ${cx + 3} ${y(sbp) - 4}`}
                stroke={SBP.colour}
                fill="none"
              />
            )}
            {dbp !== undefined && (
              <path
                d={`M ${cx - 3} ${y(dbp) + 4} L ${cx} ${y(dbp)} L ${cx + 3} ${y(dbp) + 4}`}
                stroke={DBP.colour}
                fill="none"
              />
            )}
          </g>
        );
      })}
      {LINE_SERIES.map((s) => {
        const series = inBlock.flatMap((p) => {
          const v = seriesValue(p, s.keys);
          return v === undefined ? [] : [{ p, v }];
        });
        if (series.length === 0) return null;
        // A missed checkpoint breaks the line (VC3): each run is its own line.
        const runs = splitAtGaps(
          series.map(({ p, v }) => ({ time: p.time, manual: p.manual, v })),
          intervalMinutes,
        );
        return (
          <g key={s.id} data-series={s.id}>
            {runs.map((run, r) => (
              <g key={r}>
                <polyline
                  points={run.map((q) => `${x(q.time).toFixed(1)},${y(q.v).toFixed(1)}`).join(' ')}
                  fill="none"
                  stroke={s.colour}
                  strokeWidth={1.2}
                />
                {/* Markers for entries made by hand (and a lone reading); a monitor's trace is the line. */}
                {run.map((q, i) =>
                  q.manual || run.length === 1 ? (
                    <circle key={i} cx={x(q.time)} cy={y(q.v)} r={1.8} fill={s.colour} />
                  ) : null,
                )}
              </g>
            ))}
          </g>
        );
      })}
      <line x1={0} x2={width} y1={rowsTop} y2={rowsTop} stroke="#999" />
      {rows.map((row, r) => {
        const top = rowsTop + r * rh;
        return (
          <g key={`${row.group}-${row.label}`} data-row={row.group}>
            <line x1={0} x2={width} y1={top + rh} y2={top + rh} stroke="#ddd" strokeWidth={0.5} />
            <text x={2} y={top + rh - 4} fontSize={8}>
              {row.label.length > 20 ? `${row.label.slice(0, 19)}…` : row.label}
            </text>
            {columns.map((i) => {
              const v = row.cells.get(firstColumn + i);
              return v === undefined ? null : (
                <text key={i} x={left + i * block.columnWidth + 2} y={top + rh - 4} fontSize={8}>
                  {Number(v.toFixed(2))}
                </text>
              );
            })}
            {last && (
              <text x={width - 2} y={top + rh - 4} fontSize={8} textAnchor="end">
                {`${Number(row.total.toFixed(2))} ${row.unit}`.trim()}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The combo chart (spec 002 §2, §9) as SVG, one block per span of columns. */
export function ComboChart({ input }: { input: ReportInput }): ReactNode {
  const chart = reportChart(input);
  if (!chart) return null;
  return (
    <section data-section="chart">
      <h2>Chart</h2>
      {chart.layout.blocks.map((_, i) => (
        <ChartBlockSvg
          key={i}
          layout={chart.layout}
          index={i}
          rows={chart.rows}
          samples={chart.samples}
          width={input.printWidth - 48}
          timeZone={input.timeZone}
          intervalMinutes={vitalsIntervalMinutes(input.caseData.vitalsInterval)}
        />
      ))}
    </section>
  );
}

/** The footer of every page (spec 001 §3, spec 002 §2, §9: signature at 0.66). */
export function ReportFooter({ input, signerName }: { input: ReportInput; signerName: string | null }): ReactNode {
  const sig = input.finalSignature;
  return (
    <footer className="vr-footer">
      <div>
        <div>Case ID: {input.caseId}</div>
        <div>Patient ID: {input.patient.id}</div>
        <div>Patient: {reportPatientName(input.patient)}</div>
        <div>DOB: {input.patient.birthDate ?? ''}</div>
        <div>Generated: {dateTime(input.generatedAt, input.timeZone)}</div>
      </div>
      <div style={{ textAlign: 'right' }}>
        <div>Final signer: {sig?.name ?? signerName ?? 'Not signed'}</div>
        {sig && (
          <>
            <SignatureImage
              path={sig.path}
              scale={SIGNATURE_CANVAS.reportFooterScale}
              label={`Signature of ${sig.name}`}
            />
            <div>Signed {dateTime(sig.time, input.timeZone)}</div>
          </>
        )}
      </div>
    </footer>
  );
}

function Page({
  id,
  input,
  signerName,
  children,
}: {
  id: string;
  input: ReportInput;
  signerName: string | null;
  children: ReactNode;
}): ReactNode {
  return (
    <article className="vr-page" data-page={id} style={{ width: input.printWidth }}>
      {input.demo && <div className="vr-demo">{DEMO_MARK}</div>}
      {hasSimulatedReadings(input.caseData) && (
        <div className="vr-demo" data-simulated-mark="">
          {SIMULATED_MARK}
        </div>
      )}
      {children}
      <ReportFooter input={input} signerName={signerName} />
    </article>
  );
}

const VITALS_COLUMNS = ['sbp', 'dbp', 'map', 'hr', 'spo2', 'rr', 'etco2', 'temperature'] as const;

function VitalsDataPage({ input }: { input: ReportInput }): ReactNode {
  const samples = vitalsReferenceSamples(input.caseData);
  const temp = (s: ReturnType<typeof vitalSamples>[number]): string | null => {
    const v = s.values.temperature ?? s.values.temp;
    if (v === undefined) return null;
    const converted = convertTemperature(v, s.temperatureUnit ?? input.temperatureUnit, input.temperatureUnit);
    return String(Number(converted.toFixed(1)));
  };
  return (
    <>
      <h1>{REPORT_PAGES.vitalsData}</h1>
      {samples.length === 0 ? (
        <div>No vitals measurements recorded yet.</div>
      ) : (
        <ListTable
          head={[
            'Time',
            'SBP (mmHg)',
            'DBP (mmHg)',
            'MAP (mmHg)',
            'HR (bpm)',
            'SpO2 (%)',
            'RR (/min)',
            'EtCO2 (mmHg)',
            `Temp (°${input.temperatureUnit})`,
            'Source',
          ]}
          rows={samples.map((s) => [
            clock(s.time, input.timeZone),
            ...VITALS_COLUMNS.slice(0, -1).map((k) => (s.values[k] === undefined ? null : String(s.values[k]))),
            temp(s),
            s.manual ? 'Manual' : s.simulated ? 'Simulated' : 'Monitor',
          ])}
        />
      )}
    </>
  );
}

function WavesPage({ input }: { input: ReportInput }): ReactNode {
  return (
    <>
      <h1>{REPORT_PAGES.waves}</h1>
      {printableWaves(input.caseData).map((w, i) => {
        const t = timeOf(w.time);
        const label = [text(w.name), text(w.type), t === null ? null : dateTime(t, input.timeZone)]
          .filter(Boolean)
          .join(' - ');
        return (
          <section key={i} data-wave={i}>
            <h2>{label || `Waveform ${i + 1}`}</h2>
            <WaveSvg svg={String(w.svg)} label={label || `Waveform ${i + 1}`} />
            {text(w.notes) !== null && <div className="vr-pre">{text(w.notes)}</div>}
          </section>
        );
      })}
    </>
  );
}

function AddendumPage({ addendum, timeZone }: { addendum: ReportAddendum; timeZone: string }): ReactNode {
  return (
    <>
      <h1>Addendum: {addendum.title}</h1>
      <div className="vr-pre">{addendum.text}</div>
      <div style={{ marginTop: 16 }}>
        <SignatureImage
          path={addendum.signature}
          scale={SIGNATURE_CANVAS.reportFooterScale}
          label={`Signature of ${addendum.signerName}`}
        />
        <div>
          Signed by {addendum.signerName} on {dateTime(addendum.signatureTime, timeZone)}
        </div>
      </div>
    </>
  );
}

/** Sections printed after the combo chart: the charted (intra-operative) part of the record. */
const INTRA_OP: ReadonlySet<RecordSectionId> = new Set(
  RECORD_SECTIONS.slice(RECORD_SECTIONS.findIndex(([id]) => id === 'oralSedatives')).map(([id]) => id),
);

export interface AnesthesiaReportProps {
  input: ReportInput;
  /** The final signer's name before the report is signed (RP8). */
  signerName: string | null;
  /** Preview: spacers between pages (spec 002 §2). */
  preview?: boolean;
}

/** The whole report: every page of RP5, in order. */
export function AnesthesiaReport({ input, signerName, preview = false }: AnesthesiaReportProps): ReactNode {
  const pages = reportPages(input);
  const sections = recordSections(input.caseData);
  let addendum = 0;
  const rendered = pages.map((page, i) => {
    const key = `${page}-${i}`;
    switch (page) {
      case 'record':
        return (
          <Page key={key} id={page} input={input} signerName={signerName}>
            <h1>{REPORT_PAGES.record}</h1>
            {sections
              .filter((id) => !INTRA_OP.has(id))
              .map((id) => (
                <RecordSection key={id} id={id} input={input} />
              ))}
            <ComboChart input={input} />
            {sections
              .filter((id) => INTRA_OP.has(id))
              .map((id) => (
                <RecordSection key={id} id={id} input={input} />
              ))}
          </Page>
        );
      case 'waves':
        return (
          <Page key={key} id={page} input={input} signerName={signerName}>
            <WavesPage input={input} />
          </Page>
        );
      case 'vitalsData':
        return (
          <Page key={key} id={page} input={input} signerName={signerName}>
            <VitalsDataPage input={input} />
          </Page>
        );
      case 'preOp':
        return (
          <Page key={key} id={page} input={input} signerName={signerName}>
            <h1>{REPORT_PAGES.preOp}</h1>
            {(['systemsReview', 'physicalAssessment', 'preAnesthesiaRisk', 'preOpChecks'] as const).map((id) => (
              <RecordSection key={id} id={id} input={input} />
            ))}
          </Page>
        );
      case 'addenda': {
        const a = input.addenda[addendum++]!;
        return (
          <Page key={key} id={page} input={input} signerName={signerName}>
            <AddendumPage addendum={a} timeZone={input.timeZone} />
          </Page>
        );
      }
    }
  });
  return (
    <div className="vr">
      <style>{REPORT_CSS}</style>
      {rendered.flatMap((p, i) => (preview && i > 0 ? [<div key={`s${i}`} className="vr-spacer" />, p] : [p]))}
    </div>
  );
}

/** The date the report is about, for titles: the procedure date or the generated date. */
export function reportDate(input: ReportInput): string {
  return text(input.caseData.procedureDate) ?? dateOnly(input.generatedAt, input.timeZone);
}

export type { ReportSignature };
