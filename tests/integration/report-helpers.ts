/**
 * Helpers for the report tests: a signed-in provider with a patient, a practitioner and an
 * appointment (the case), its case document charted through Vigil's own sync client, and the
 * finalize call read as NDJSON lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CASE_ROOT, contentHash, HOUR, MINUTE } from '@vigil/shared';
import type { Browser } from './accounts-client.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import type { TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';

/** A signature path as the signature pad draws it (spec 002 §9: 660×300 canvas). */
export const SIGNATURE = 'M 10 150 L 120 60 L 200 220 L 330 80 L 480 200 L 640 120';

/**
 * A case start three hours before `now` (whole minutes): the case charted from it ended 2 h 10 min
 * ago, well inside its 24-hour provider editing window (EW2), which the server enforces on sync
 * writes and finalize by its own clock. A fixed calendar date would close the window once it is a
 * day old.
 */
export function recentStart(now = Date.now()): number {
  return Math.floor((now - 3 * HOUR) / MINUTE) * MINUTE;
}

export interface ChartedCase {
  member: OrgMember;
  /** When the case started (every charted time follows it). */
  start: number;
  orgId: string;
  caseId: string;
  patientId: string;
  client: ReturnType<typeof connectVigilClient>;
  /** The content hash of what the client holds (equal to the server's once synced). */
  hash(): string;
}

function cookie(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * A provider's organisation with a charted case: patient Ada Lovelace, provider Dr Grace Hopper, two drugs.
 * `start`: when the case started (three hours ago unless given: recentStart); every charted time follows it.
 */
export async function chartedCase(server: TestServer, member?: OrgMember, start = recentStart()): Promise<ChartedCase> {
  const m = member ?? (await orgMember(server.url));
  const patient = await fhir<{ id: string }>(
    server,
    m.browser,
    'POST',
    `${m.orgId}/Patient`,
    patientBody('Ada', 'Lovelace', '1990-01-02'),
  );
  const practitioner = await fhir<{ id: string }>(server, m.browser, 'POST', `${m.orgId}/Practitioner`, {
    resourceType: 'Practitioner',
    name: [{ text: 'Dr Grace Hopper' }],
  });
  if (patient.status !== 201 || practitioner.status !== 201)
    throw new Error(`setup failed: ${patient.status} ${practitioner.status}`);
  const appointment = await fhir<{ id: string }>(server, m.browser, 'POST', `${m.orgId}/Appointment`, {
    resourceType: 'Appointment',
    status: 'booked',
    description: 'Third molar extraction',
    start: new Date(start).toISOString(),
    end: new Date(start + 3_600_000).toISOString(),
    participant: [
      { actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${practitioner.body.id}` }, status: 'accepted' },
    ],
  });
  if (appointment.status !== 201) throw new Error(`appointment failed: ${appointment.status}`);
  const caseId = appointment.body.id;
  const client = connectVigilClient(server.url, `${m.orgId}/${caseId}`, { params: { token: m.token } });
  client.doc.transact(() => {
    const root = client.doc.getMap(CASE_ROOT);
    root.set('procedure', 'Third molar extraction');
    root.set('procedureDate', new Date(start).toISOString().slice(0, 10));
    root.set('userRole', 'other');
    root.set('sedationLevel', 'moderate');
    root.set('events', { caseStart: start, anesthesiaStart: start + 5 * 60_000, end: start + 50 * 60_000 });
    root.set('drugsAdministered', [
      { name: 'Midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: start + 6 * 60_000 }] },
      { name: 'Fentanyl', doses: [{ route: 'IV', amount: 50, unit: 'mcg', time: start + 7 * 60_000 }] },
    ]);
    root.set('manualVitals', [
      { id: 'v1', time: start, vitals: { sbp: 120, dbp: 80, hr: 72, spo2: 99 } },
      { id: 'v2', time: start + 10 * 60_000, vitals: { sbp: 118, dbp: 78, hr: 70, spo2: 98 } },
    ]);
  });
  await eventually(() => {
    if (client.provider.status.status !== 'synced') throw new Error(`sync status ${client.provider.status.status}`);
  }, 15_000);
  return {
    member: m,
    start,
    orgId: m.orgId,
    caseId,
    patientId: patient.body.id,
    client,
    hash: () => contentHash(client.doc.getMap(CASE_ROOT).toJSON()),
  };
}

export interface FinalizeReply {
  status: number;
  lines: { step: string; data?: Record<string, unknown> }[];
  error?: string;
}

/** POST /api/finalize/{orgId}/{caseId} and every NDJSON line of the reply. */
export async function finalize(
  server: TestServer,
  browser: Browser,
  orgId: string,
  caseId: string,
  body: Record<string, unknown>,
): Promise<FinalizeReply> {
  const res = await fetch(`${server.url}/api/finalize/${orgId}/${caseId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(browser) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    return {
      status: res.status,
      lines: text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as FinalizeReply['lines'][number]),
    };
  }
  return { status: res.status, lines: [], error: (JSON.parse(text) as { error?: string }).error };
}

/** The finalize steps of an office with an EMR connection (spec 001 §8): the write-back saved, or its first attempt failed. */
export const EMR_FINALIZE_STEPS = {
  saved: ['pdfGen', 'saveUpdates', 'emrSaveStarted', 'savedToEmr', 'done'],
  failed: ['pdfGen', 'saveUpdates', 'emrSaveStarted', 'emrSaveFailed', 'done'],
} as const;

/** Signs a charted case (its member, UTC) and answers the progress steps of the reply. */
export async function finalizeSteps(server: TestServer, c: ChartedCase): Promise<string[]> {
  const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
    timeZone: 'UTC',
  });
  return reply.lines.map((l) => l.step);
}

/** POST an addendum. */
export async function addAddendum(
  server: TestServer,
  browser: Browser,
  orgId: string,
  caseId: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/finalize/${orgId}/${caseId}/addenda`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(browser) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** pdfUrl(orgId, pdfId) through GraphQL. */
export async function pdfUrl(
  browser: Browser,
  orgId: string,
  pdfId: string,
): Promise<{ data: { url: string; text: string; title: string } | null; code: string | undefined }> {
  const r = await browser.gql<{ pdfUrl: { url: string; text: string; title: string } }>(
    'query ($orgId: String!, $pdfId: String!) { pdfUrl(orgId: $orgId, pdfId: $pdfId) { url text title } }',
    { orgId, pdfId },
  );
  return { data: r.data?.pdfUrl ?? null, code: r.code };
}

/** The text of a PDF (poppler's pdftotext). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
