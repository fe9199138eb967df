import { vigilSystem } from '../fhir/common.js';
import { ANESTHESIA_RECORD_TYPE, LOINC_SYSTEM } from '../fhir/composition.js';
import { RXNORM_SYSTEM } from '../fhir/medication-statement.js';
import { UCUM_SYSTEM } from '../fhir/observation.js';
import { variantName } from '../report/totals.js';
import { drugSlug } from '../rules/drugs.js';

/*
 * The signed record written back to the office's EMR (issue 42; spec 000 §2): what the FHIR R4
 * transaction carries, built from the signed Composition's content, the PDF and the patient. Pure:
 * the server's write-back consumer (smart/write-back.ts) gathers the inputs and posts the Bundle.
 */

/** A FHIR JSON object as sent to the EMR (not one of Vigil's own stored resource types). */
export type FhirJson = Record<string, unknown>;

interface VitalCode {
  readonly codings: readonly { readonly code: string; readonly display: string }[];
  readonly unit: string;
}

/**
 * [EMR6] The LOINC code (FHIR vital-signs profile) and UCUM unit of each charted vital: heart
 * rate 8867-4, SpO2 59408-5 with 2708-6, respiratory rate 9279-1, systolic 8480-6, diastolic
 * 8462-4, mean arterial pressure 8478-0, EtCO2 19889-5, temperature 8310-5 (°C, or °F as typed).
 */
export const VITAL_LOINC: Readonly<Record<string, VitalCode>> = {
  hr: { codings: [{ code: '8867-4', display: 'Heart rate' }], unit: '/min' },
  spo2: {
    codings: [
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
    ],
    unit: '%',
  },
  rr: { codings: [{ code: '9279-1', display: 'Respiratory rate' }], unit: '/min' },
  sbp: { codings: [{ code: '8480-6', display: 'Systolic blood pressure' }], unit: 'mm[Hg]' },
  dbp: { codings: [{ code: '8462-4', display: 'Diastolic blood pressure' }], unit: 'mm[Hg]' },
  map: { codings: [{ code: '8478-0', display: 'Mean blood pressure' }], unit: 'mm[Hg]' },
  etco2: {
    codings: [{ code: '19889-5', display: 'Carbon dioxide/Gas.total.at end expiration in Exhaled gas' }],
    unit: 'mm[Hg]',
  },
  temperature: { codings: [{ code: '8310-5', display: 'Body temperature' }], unit: 'Cel' },
};
const VITAL_ALIASES: Readonly<Record<string, string>> = { temp: 'temperature' };

/**
 * [EMR7] RxNorm ingredient codes (RxCUI) of the catalogue's drugs, by catalogue id (drugSlug of
 * the name). A drug not listed (or typed by hand) is written by name only.
 */
export const DRUG_RXNORM: Readonly<Record<string, string>> = {
  midazolam: '6960',
  fentanyl: '4337',
  propofol: '8782',
  ketamine: '6130',
  dexmedetomidine: '48937',
  meperidine: '6754',
  remifentanil: '73032',
  diphenhydramine: '3498',
  promethazine: '8745',
  glycopyrrolate: '4850',
  atropine: '1223',
  ondansetron: '26225',
  dexamethasone: '3264',
  ketorolac: '35827',
  acetaminophen: '161',
  flumazenil: '24666',
  naloxone: '7242',
  diazepam: '3322',
  lorazepam: '6470',
  hydroxyzine: '5553',
  alprazolam: '596',
  triazolam: '10767',
  morphine: '7052',
  hydrocodone: '5489',
};

/** Monitor readings are written at most one per vital per this interval (the first of it). */
export const MONITOR_VITALS_INTERVAL_MS = 5 * 60_000;

/** One charted vital value. */
export interface ChartedVital {
  vital: string;
  value: number;
  unit: string;
  time: number;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * [EMR6] The charted vitals of a case's content: every manual entry, and the monitor's readings
 * thinned to the first of each vital per 5-minute interval; only vitals with a LOINC code.
 */
export function writeBackVitals(content: unknown): ChartedVital[] {
  const c = obj(content);
  const out: ChartedVital[] = [];
  const push = (key: string, value: number | null, time: number | null, fahrenheit: boolean): void => {
    const vital = VITAL_ALIASES[key] ?? key;
    const code = VITAL_LOINC[vital];
    if (!code || value === null || time === null) return;
    out.push({ vital, value, time, unit: vital === 'temperature' && fahrenheit ? '[degF]' : code.unit });
  };
  for (const entry of list(c.manualVitals).map(obj)) {
    for (const [key, value] of Object.entries(obj(entry.vitals)))
      push(key, num(value), num(entry.time), entry.temperatureUnit === 'F');
  }
  const seen = new Set<string>();
  for (const record of list(c.vitalsRecords).map(obj)) {
    for (const [key, reading] of Object.entries(obj(record.vitals))) {
      const r = obj(reading);
      const time = num(r.time);
      const slot = `${key}:${Math.floor((time ?? 0) / MONITOR_VITALS_INTERVAL_MS)}`;
      if (time === null || num(r.value) === null || seen.has(slot)) continue;
      seen.add(slot);
      push(key, num(r.value), time, false);
    }
  }
  return out.sort((a, b) => a.time - b.time || a.vital.localeCompare(b.vital));
}

/** One dose given, as written back. */
export interface GivenDose {
  name: string;
  amount: number;
  unit: string;
  route: string | null;
  time: number;
}

/** How a local anesthetic dose's route is written back (dental infiltration or a nerve block, charted alike). */
export const LOCAL_DOSE_ROUTE = 'Local infiltration or nerve block';

/**
 * The doses of a case's content: each dose of `drugsAdministered`, each pre-med, each infusion
 * bolus and each local anesthetic dose (its mg of anesthetic, named by its variant).
 */
export function writeBackDoses(content: unknown): GivenDose[] {
  const c = obj(content);
  const out: GivenDose[] = [];
  const add = (name: unknown, amount: unknown, unit: unknown, route: unknown, time: unknown): void => {
    const a = num(amount);
    const t = num(time);
    if (typeof name !== 'string' || !name.trim() || a === null || t === null) return;
    out.push({
      name: name.trim(),
      amount: a,
      unit: typeof unit === 'string' ? unit : '',
      route: typeof route === 'string' ? route : null,
      time: t,
    });
  };
  for (const drug of list(c.drugsAdministered).map(obj))
    for (const d of list(drug.doses).map(obj)) add(drug.name, d.amount, d.unit, d.route, d.time);
  for (const p of list(c.preMeds).map(obj)) add(p.drugName, p.dosage, p.unit, p.route, p.time);
  for (const inf of list(c.infusionDrugs).map(obj))
    for (const b of list(inf.boluses).map(obj)) add(inf.name, b.amount, b.unit ?? inf.bolusUnit, 'IV', b.time);
  for (const l of list(c.localDoses).map(obj))
    add(
      typeof l.drugVariantId === 'string' ? variantName(l.drugVariantId) : null,
      l.mg,
      'mg',
      LOCAL_DOSE_ROUTE,
      l.time,
    );
  return out.sort((a, b) => a.time - b.time);
}

const UCUM_OF: Readonly<Record<string, string>> = { mcg: 'ug', mg: 'mg', g: 'g', mL: 'mL', ml: 'mL' };

/** What a write-back is made of (gathered by the server). */
export interface WriteBackInput {
  /** The change it comes from: the case's finalize writes everything, an addendum its new PDF and Composition. */
  event: 'case.finalized' | 'addendum.signed';
  caseId: string;
  /** The EMR's patient id (EMR4), or null: the Vigil patient is sent, created once by its Vigil identifier. */
  emrPatientId: string | null;
  patient: { id: string; name?: unknown; gender?: unknown; birthDate?: unknown; identifier?: unknown };
  /** The EMR's encounter id the case was launched from, or null. */
  emrEncounterId: string | null;
  pdf: { id: string; data: string; size: number; sha1: string; title: string };
  signerName: string;
  signatureTime: number;
  /** The signed case content (the Composition's caseData). */
  content: unknown;
}

/** The identifier system of what Vigil writes to an EMR (the conditional creates' key: a retry never duplicates). */
export const WRITE_BACK_SYSTEM = vigilSystem('emr-write-back');
/** The identifier system of a Vigil patient sent to an EMR that did not know it. */
export const VIGIL_PATIENT_SYSTEM = vigilSystem('patient');

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * [EMR8] The FHIR R4 transaction Bundle of a write-back: a DocumentReference with the signed
 * PDF, the Composition naming what was written; on finalize also an Observation per charted vital
 * (EMR6), a MedicationAdministration per dose (RxNorm where EMR7 has the drug) and a Procedure
 * for the anesthesia. Every entry is a conditional create on a Vigil identifier, so a retry after
 * an answer that was lost writes nothing twice. `uuid` makes the entries' temporary ids.
 */
export function writeBackBundle(input: WriteBackInput, uuid: () => string): FhirJson {
  const entries: { fullUrl: string; resource: FhirJson; key: string }[] = [];
  const add = (resource: FhirJson, key: string): string => {
    const fullUrl = `urn:uuid:${uuid()}`;
    const identifier = { system: WRITE_BACK_SYSTEM, value: key };
    // R4: a Composition has one identifier, the others a list.
    const own = resource.resourceType === 'Composition' ? identifier : [identifier];
    entries.push({ fullUrl, key, resource: { ...resource, identifier: own } });
    return fullUrl;
  };
  const c = obj(input.content);
  let subject: FhirJson;
  const patientEntry: { fullUrl: string; resource: FhirJson; system: string; value: string }[] = [];
  if (input.emrPatientId) subject = { reference: `Patient/${input.emrPatientId}` };
  else {
    const fullUrl = `urn:uuid:${uuid()}`;
    const own = list(input.patient.identifier).filter((i) => typeof obj(i).system === 'string');
    const p = input.patient;
    patientEntry.push({
      fullUrl,
      system: VIGIL_PATIENT_SYSTEM,
      value: p.id,
      resource: {
        resourceType: 'Patient',
        identifier: [...own, { system: VIGIL_PATIENT_SYSTEM, value: p.id }],
        ...(Array.isArray(p.name) ? { name: p.name } : {}),
        ...(typeof p.gender === 'string' ? { gender: p.gender } : {}),
        ...(typeof p.birthDate === 'string' ? { birthDate: p.birthDate } : {}),
      },
    });
    subject = { reference: fullUrl };
  }
  const encounter = input.emrEncounterId ? { encounter: { reference: `Encounter/${input.emrEncounterId}` } } : {};
  const type = { coding: [{ ...ANESTHESIA_RECORD_TYPE, display: 'Anesthesia record' }], text: 'Anesthesia record' };
  const signer = { display: input.signerName };
  const sections: FhirJson[] = [];
  const docRef = add(
    {
      resourceType: 'DocumentReference',
      status: 'current',
      docStatus: 'final',
      type,
      subject,
      date: iso(input.signatureTime),
      author: [signer],
      description: input.pdf.title,
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            data: input.pdf.data,
            size: input.pdf.size,
            hash: input.pdf.sha1,
            title: input.pdf.title,
            creation: iso(input.signatureTime),
          },
        },
      ],
      ...(input.emrEncounterId ? { context: { encounter: [encounter.encounter] } } : {}),
    },
    `${input.caseId}/pdf/${input.pdf.id}`,
  );
  sections.push({ title: 'Signed report', entry: [{ reference: docRef }] });
  if (input.event === 'case.finalized') {
    const vitals = writeBackVitals(c).map((v) => {
      const code = VITAL_LOINC[v.vital]!;
      return add(
        {
          resourceType: 'Observation',
          status: 'final',
          category: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                  code: 'vital-signs',
                  display: 'Vital Signs',
                },
              ],
            },
          ],
          code: { coding: code.codings.map((x) => ({ system: LOINC_SYSTEM, ...x })), text: code.codings[0]!.display },
          subject,
          ...encounter,
          effectiveDateTime: iso(v.time),
          valueQuantity: { value: v.value, unit: v.unit, system: UCUM_SYSTEM, code: v.unit },
        },
        `${input.caseId}/vital/${v.vital}/${v.time}`,
      );
    });
    if (vitals.length > 0) sections.push({ title: 'Vital signs', entry: vitals.map((reference) => ({ reference })) });
    const doses = writeBackDoses(c).map((d, i) => {
      const rxnorm = DRUG_RXNORM[drugSlug(d.name)];
      const ucum = UCUM_OF[d.unit];
      return add(
        {
          resourceType: 'MedicationAdministration',
          status: 'completed',
          medicationCodeableConcept: {
            ...(rxnorm ? { coding: [{ system: RXNORM_SYSTEM, code: rxnorm, display: d.name }] } : {}),
            text: d.name,
          },
          subject,
          ...(input.emrEncounterId ? { context: encounter.encounter } : {}),
          effectiveDateTime: iso(d.time),
          dosage: {
            ...(d.route ? { route: { text: d.route } } : {}),
            dose: { value: d.amount, unit: d.unit || 'unit', ...(ucum ? { system: UCUM_SYSTEM, code: ucum } : {}) },
          },
        },
        `${input.caseId}/dose/${i}/${d.time}`,
      );
    });
    if (doses.length > 0) sections.push({ title: 'Medications', entry: doses.map((reference) => ({ reference })) });
    const events = obj(c.events);
    const start = num(events.anesthesiaStart) ?? num(events.caseStart);
    const end = num(events.anesthesiaEnd) ?? num(events.end);
    const level = typeof c.sedationLevel === 'string' ? ` (${c.sedationLevel})` : '';
    const procedure = typeof c.procedure === 'string' && c.procedure.trim() ? ` for ${c.procedure.trim()}` : '';
    const proc = add(
      {
        resourceType: 'Procedure',
        status: 'completed',
        code: { text: `Sedation/anesthesia${level}${procedure}` },
        subject,
        ...encounter,
        ...(start !== null
          ? { performedPeriod: { start: iso(start), ...(end !== null && end >= start ? { end: iso(end) } : {}) } }
          : { performedDateTime: iso(input.signatureTime) }),
        performer: [{ actor: signer }],
      },
      `${input.caseId}/procedure`,
    );
    sections.push({ title: 'Anesthesia', entry: [{ reference: proc }] });
  }
  add(
    {
      resourceType: 'Composition',
      status: 'final',
      type,
      subject,
      ...encounter,
      date: iso(input.signatureTime),
      author: [signer],
      title: input.pdf.title,
      attester: [{ mode: 'legal', time: iso(input.signatureTime), party: signer }],
      section: sections,
    },
    `${input.caseId}/composition/${input.pdf.id}`,
  );
  const ifNoneExist = (system: string, value: string): string =>
    `identifier=${encodeURIComponent(system)}|${encodeURIComponent(value)}`;
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      ...patientEntry.map((p) => ({
        fullUrl: p.fullUrl,
        resource: p.resource,
        request: { method: 'POST', url: 'Patient', ifNoneExist: ifNoneExist(p.system, p.value) },
      })),
      ...entries.map((e) => ({
        fullUrl: e.fullUrl,
        resource: e.resource,
        request: {
          method: 'POST',
          url: e.resource.resourceType as string,
          ifNoneExist: ifNoneExist(WRITE_BACK_SYSTEM, e.key),
        },
      })),
    ],
  };
}
